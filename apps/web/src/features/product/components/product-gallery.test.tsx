import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeImages, hangingImages, testQueryClient } from '../../../test/render';
import { ProductGallery } from './product-gallery';

function renderGallery(images: string[]) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <ProductGallery images={images} name="Steel Mug" />
    </QueryClientProvider>,
  );
}

const mainImage = () =>
  within(screen.getByTestId('product-gallery')).getByRole('img', { name: 'Steel Mug' });

describe('the product gallery', () => {
  it('shows skeletons while it checks which images load', () => {
    hangingImages();
    renderGallery(['products/A-1', 'products/A-2']);
    expect(screen.getByTestId('gallery-loading')).toBeInTheDocument();
    expect(screen.queryByTestId('product-gallery')).not.toBeInTheDocument();
  });

  it('drops images that fail and selects the first one that loads', async () => {
    fakeImages();
    renderGallery(['products/A-missing', 'products/A-2', 'products/A-3']);
    await screen.findByTestId('product-gallery');
    expect(mainImage()).toHaveAttribute('src', '/images/products/A-2.png?w=640');
    expect(screen.getAllByRole('button', { name: /^Show image/ })).toHaveLength(2);
  });

  it('shows nothing when no image loads', async () => {
    fakeImages(() => true);
    const { container } = renderGallery(['products/A-1', 'products/A-2']);
    await expect.poll(() => screen.queryByTestId('gallery-loading')).toBeNull();
    expect(container).toBeEmptyDOMElement();
  });

  it('has no thumbnail strip for a single valid image', async () => {
    fakeImages();
    renderGallery(['products/A-1', 'products/A-missing']);
    await screen.findByTestId('product-gallery');
    expect(screen.queryByTestId('gallery-thumbnails')).not.toBeInTheDocument();
  });

  it('selects the image of a clicked thumbnail', async () => {
    fakeImages();
    const user = userEvent.setup();
    renderGallery(['products/A-1', 'products/A-2', 'products/A-3']);
    await screen.findByTestId('product-gallery');
    await user.click(screen.getByRole('button', { name: 'Show image 3 of 3' }));
    expect(mainImage()).toHaveAttribute('src', '/images/products/A-3.png?w=640');
    expect(screen.getByRole('button', { name: 'Show image 3 of 3' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('shows thumbnail arrows only with more than 5 valid images', async () => {
    fakeImages();
    const five = ['1', '2', '3', '4', '5'].map((n) => `products/B-${n}`);
    const first = renderGallery(five);
    await screen.findByTestId('product-gallery');
    expect(screen.queryByRole('button', { name: 'Next images' })).not.toBeInTheDocument();
    first.unmount();

    renderGallery([...five, 'products/B-6']);
    await screen.findByTestId('product-gallery');
    expect(await screen.findByRole('button', { name: 'Next images' })).toBeInTheDocument();
    // The strip starts at its first thumbnail: there is nothing to go back to.
    expect(screen.getByRole('button', { name: 'Previous images' })).toBeDisabled();
  });

  it('pages the thumbnail strip by its visible width with the arrows', async () => {
    fakeImages();
    const scrollBy = vi.fn();
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    renderGallery(['1', '2', '3', '4', '5', '6', '7'].map((n) => `products/C-${n}`));
    await screen.findByTestId('product-gallery');
    const strip = screen.getByRole('list');
    Object.defineProperties(strip, {
      clientWidth: { value: 300 },
      scrollWidth: { value: 640 },
      scrollBy: { value: scrollBy },
    });
    fireEvent.scroll(strip);
    await userEvent.click(screen.getByRole('button', { name: 'Next images' }));
    expect(scrollBy).toHaveBeenCalledWith({ left: 300, behavior: 'smooth' });
  });

  it('gives the main image high fetch priority and a WebP srcset', async () => {
    fakeImages();
    renderGallery(['products/A-1']);
    await screen.findByTestId('product-gallery');
    expect(mainImage()).toHaveAttribute('fetchpriority', 'high');
    expect(mainImage().getAttribute('srcset')).toContain('/images/products/A-1.png?w=960 960w');
  });
});
