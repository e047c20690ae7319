import { VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';

/**
 * «HR-клуб» wordmark; a link to main. Its accessible name starts with the words shown («HR клуб»),
 * so a voice command that reads the logo aloud finds it (WCAG 2.5.3).
 */
export function Logo({ tone }: { tone: 'light' | 'dark' }) {
  return (
    <Link to="/" className={`logo logo--${tone}`}>
      <span className="logo__mark">HR</span>
      <span className="logo__text">
        <VisuallyHidden> </VisuallyHidden>клуб
      </span>
      <VisuallyHidden> — на главную</VisuallyHidden>
    </Link>
  );
}
