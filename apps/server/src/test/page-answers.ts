/**
 * The answers a page carries in its HTML (`script#api-answers`, decision 036), by call URL: the
 * script must be there and hold no `<` or `>`, which could end it early (lib/html.ts safeJson).
 */
import { expect } from 'vitest';

export function answersIn(html: string): Record<string, unknown> {
  const script = /<script type="application\/json" id="api-answers">(.*?)<\/script>/s.exec(html);
  expect(script, 'the answers script').not.toBeNull();
  expect(script![1]).not.toMatch(/[<>]/);
  return JSON.parse(script![1]!) as Record<string, unknown>;
}
