/**
 * A quote's emails (decisions 060, 073): one template, whose reader decides where its button
 * opens the quote; the words of each are fixed here to the letter.
 */
import { describe, expect, it } from 'vitest';
import { quoteEmail } from './templates.js';

const QUOTE = {
  publicUrl: 'https://shop.example.com',
  fullName: 'Asha Rao',
  quoteId: '65f0c0ffee00000000000001',
  subject: 'Quote Q-1 was withdrawn by the buyer',
  lines: ['Acme withdrew quote request Q-1 before it was priced.', 'Their reason: <none> left'],
};

describe("a quote's email", () => {
  it.each([
    {
      reader: 'buyer' as const,
      label: 'Your quote',
      link: 'https://shop.example.com/quotes/65f0c0ffee00000000000001',
      button: 'View your quote',
    },
    {
      reader: 'desk' as const,
      label: 'The quote',
      link: 'https://shop.example.com/admin/quotes/65f0c0ffee00000000000001',
      button: 'Open the quote in the console',
    },
  ])('to the $reader links to $link', ({ reader, label, link, button }) => {
    const email = quoteEmail({ ...QUOTE, reader });
    expect(email.subject).toBe('Quote Q-1 was withdrawn by the buyer');
    expect(email.text).toBe(
      [
        'Hello Asha Rao,',
        '',
        'Acme withdrew quote request Q-1 before it was priced.',
        '',
        'Their reason: <none> left',
        '',
        `${label}: ${link}`,
      ].join('\n'),
    );
    expect(email.html).toContain('<p>Their reason: &lt;none&gt; left</p>');
    expect(email.html).toContain(`<a href="${link}" `);
    expect(email.html).toContain(`>${button}</a>`);
  });
});
