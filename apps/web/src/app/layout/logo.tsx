import { Link } from 'react-router';

/** «HR-клуб» wordmark; a link to main. */
export function Logo({ tone }: { tone: 'light' | 'dark' }) {
  return (
    <Link to="/" className={`logo logo--${tone}`} aria-label="HR-клуб — на главную">
      <span className="logo__mark" aria-hidden>
        HR
      </span>
      <span className="logo__text" aria-hidden>
        клуб
      </span>
    </Link>
  );
}
