import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from './toaster';
import { toast } from './use-toast';

describe('toasts', () => {
  it('show one at a time: a new toast replaces the one on screen', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Added to Cart', description: '2 item(s) added to your cart.' });
    });
    expect(screen.getByText('Added to Cart')).toBeInTheDocument();
    act(() => {
      toast({
        variant: 'destructive',
        title: 'Error Adding to Cart',
        description: 'Failed to add item to cart.',
      });
    });
    expect(screen.queryByText('Added to Cart')).not.toBeInTheDocument();
    expect(screen.getByText('Error Adding to Cart')).toBeInTheDocument();
    expect(screen.getByText('Failed to add item to cart.')).toBeInTheDocument();
  });

  it('mark the destructive variant and close with the close button', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ variant: 'destructive', title: 'Login failed' });
    });
    const title = screen.getByText('Login failed');
    expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
  });
});
