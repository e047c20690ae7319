import SwaggerParser from '@apidevtools/swagger-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { committedOpenApiTypes, fetchOpenApiDocument, openApiTypes } from '../../test/openapi-document.ts';
import { createTestApp } from '../../test/helpers.ts';

let document: Record<string, unknown>;
beforeAll(async () => {
  document = await fetchOpenApiDocument(await createTestApp());
});

describe('/api/openapi.json for outside clients', () => {
  it('is a valid OpenAPI document to a standard parser, every $ref resolving', async () => {
    // swagger-parser dereferences in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('names the recursive dictionary item once and refers to it', () => {
    const text = JSON.stringify(document);
    expect(text).not.toMatch(/#\/components\/schemas\/schema\d/);
    expect((document.components as { schemas: Record<string, unknown> }).schemas).toHaveProperty('DictionaryItem');
  });

  it('matches the committed client types (openapi/schema.d.ts) that the web calls are checked against', async () => {
    // On a difference: `npm run openapi:types -w @hr/api`, then `npm run typecheck` checks the web's calls again.
    expect(await openApiTypes(document)).toBe(committedOpenApiTypes());
  });
});
