import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { parseQuantityInput } from '../lib/quantity';
import { QuantityStepper } from './quantity-stepper';

function Harness({
  initial = 1,
  rules,
}: {
  initial?: number;
  rules?: { minOrderQuantity: number; orderMultiple: number };
}) {
  const [quantity, setQuantity] = useState(initial);
  return (
    <>
      <QuantityStepper value={quantity} onChange={setQuantity} rules={rules} />
      <output data-testid="committed">{quantity}</output>
    </>
  );
}

const box = () => screen.getByLabelText('Quantity');
const committed = () => screen.getByTestId('committed').textContent;

describe('the quantity stepper', () => {
  it('starts at 1 with minus disabled and plus enabled', () => {
    render(<Harness />);
    expect(box()).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeEnabled();
  });

  it('counts up with plus and back down to 1, where minus is disabled again', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(box()).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(box()).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  });

  it('takes a typed whole number', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.clear(box());
    await user.type(box(), '25');
    expect(box()).toHaveValue('25');
    expect(committed()).toBe('25');
  });

  it('resets a non-number to 1', async () => {
    const user = userEvent.setup();
    render(<Harness initial={7} />);
    await user.clear(box());
    await user.type(box(), 'x');
    expect(box()).toHaveValue('1');
    expect(committed()).toBe('1');
  });

  it('resets 0 to 1', async () => {
    const user = userEvent.setup();
    render(<Harness initial={7} />);
    await user.clear(box());
    await user.type(box(), '0');
    expect(box()).toHaveValue('1');
    expect(committed()).toBe('1');
  });

  it('holds an emptied box while typing and makes it 1 when left empty', async () => {
    const user = userEvent.setup();
    render(<Harness initial={7} />);
    await user.clear(box());
    expect(box()).toHaveValue('');
    expect(committed()).toBe('7');
    await user.tab();
    expect(box()).toHaveValue('1');
    expect(committed()).toBe('1');
  });
});

describe('the quantity stepper of a product sold from a minimum in packs', () => {
  const rules = { minOrderQuantity: 10, orderMultiple: 5 };

  it('steps a pack at a time and stops at the minimum', async () => {
    const user = userEvent.setup();
    render(<Harness initial={10} rules={rules} />);
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(box()).toHaveValue('20');
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(box()).toHaveValue('15');
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(box()).toHaveValue('10');
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  });

  it('keeps a typed number while typing and rounds it up to whole packs when left', async () => {
    const user = userEvent.setup();
    render(<Harness initial={10} rules={rules} />);
    await user.clear(box());
    await user.type(box(), '12');
    expect(committed()).toBe('12');
    await user.tab();
    expect(box()).toHaveValue('15');
    expect(committed()).toBe('15');
    await user.clear(box());
    await user.type(box(), '3');
    await user.tab();
    expect(committed()).toBe('10');
  });
});

describe('parseQuantityInput', () => {
  it.each([
    ['12', { kind: 'value', quantity: 12 }],
    ['', { kind: 'empty' }],
    ['  ', { kind: 'empty' }],
    ['abc', { kind: 'value', quantity: 1 }],
    ['-3', { kind: 'value', quantity: 1 }],
    ['2.5', { kind: 'value', quantity: 1 }],
    ['0', { kind: 'value', quantity: 1 }],
    ['9999999', { kind: 'value', quantity: 100000 }],
  ])('reads %j as %j', (text, expected) => {
    expect(parseQuantityInput(text)).toEqual(expected);
  });
});
