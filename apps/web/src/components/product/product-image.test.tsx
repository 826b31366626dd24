import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductImage } from './product-image';

describe('a product image', () => {
  it('uses a WebP variant with a srcset and a reserved square box', () => {
    render(<ProductImage src="products/A-1" alt="Steel Mug" sizes="200px" />);
    const img = screen.getByRole('img', { name: 'Steel Mug' });
    expect(img).toHaveAttribute('src', '/images/products/A-1.png?w=320');
    expect(img.getAttribute('srcset')).toContain('/images/products/A-1.png?w=160 160w');
    expect(img).toHaveAttribute('width', '320');
    expect(img).toHaveAttribute('height', '320');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('falls back to /placeholder-image.jpg when it fails to load', () => {
    render(<ProductImage src="products/A-missing" alt="Steel Mug" sizes="200px" />);
    const img = screen.getByRole('img', { name: 'Steel Mug' });
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/placeholder-image.jpg');
    expect(img).not.toHaveAttribute('srcset');
  });

  it('shows the placeholder for a product without an image', () => {
    render(<ProductImage src={undefined} alt="Steel Mug" sizes="200px" />);
    expect(screen.getByRole('img', { name: 'Steel Mug' })).toHaveAttribute(
      'src',
      '/placeholder-image.jpg',
    );
  });
});
