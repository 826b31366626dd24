import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card } from './card';

const classesOf = (element: HTMLElement) => element.className.split(' ').sort();

describe('the card', () => {
  it('draws the frame with a shadow around the caller’s element, classes and attributes', () => {
    render(
      <Card as="section" aria-label="Summary" className="p-5">
        total
      </Card>,
    );
    const card = screen.getByRole('region', { name: 'Summary' });
    expect(card.tagName).toBe('SECTION');
    expect(classesOf(card)).toEqual(
      ['rounded-lg', 'border', 'border-slate-200', 'bg-white', 'shadow-sm', 'p-5'].sort(),
    );
    expect(card).toHaveTextContent('total');
  });

  it('is a div without the shadow when flat', () => {
    render(<Card flat data-testid="panel" />);
    const card = screen.getByTestId('panel');
    expect(card.tagName).toBe('DIV');
    expect(classesOf(card)).toEqual(
      ['rounded-lg', 'border', 'border-slate-200', 'bg-white'].sort(),
    );
  });
});
