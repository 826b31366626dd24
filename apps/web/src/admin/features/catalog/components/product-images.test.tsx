import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeApi, type FakeAnswer } from '../../../../test/fake-api';
import { testQueryClient } from '../../../../test/render';
import { ProductImages } from './product-images';

const hex = (c: string) => c.repeat(32);
const A = `uploads/${hex('a')}.jpg`;
const B = `uploads/${hex('b')}.jpg`;
const C = `uploads/${hex('c')}.png`;

/** The editor's part: it holds the list and shows it, as the product editor will. */
function Editor({ initial }: { initial: string[] }) {
  const [images, setImages] = useState(initial);
  return (
    <>
      <ProductImages images={images} onChange={setImages} />
      <output data-testid="images">{images.join(' ')}</output>
    </>
  );
}

function renderImages(initial: string[] = []) {
  const user = userEvent.setup({ applyAccept: false });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <Editor initial={initial} />
    </QueryClientProvider>,
  );
  return user;
}

const current = () => screen.getByTestId('images').textContent?.split(' ').filter(Boolean);
const thumbnails = () =>
  within(screen.getByRole('list', { name: 'Product images' })).getAllByRole('img');
const photo = (name: string, type = 'image/jpeg') => new File(['bytes of ' + name], name, { type });

/** The upload route: each file's source named by its first letter, a text file refused. */
function uploadRoute(hold?: Promise<void>) {
  return fakeApi(async (request): Promise<FakeAnswer> => {
    if (request.method !== 'POST' || request.path !== '/api/staff/catalog/images') return undefined;
    const file = (request.body as FormData).get('file') as File;
    await hold;
    if (file.type === 'text/plain')
      return {
        status: 400,
        body: {
          code: 'image_invalid',
          detail:
            'The file is not an image we can read: upload a JPEG, PNG, WebP, GIF, AVIF or TIFF',
        },
      };
    const letter = file.name[0]!;
    return {
      status: 201,
      body: { source: `uploads/${hex(letter)}.jpg`, width: 800, height: 600, bytes: 51_234 },
    };
  });
}

describe('the product images of the editor', () => {
  it('shows each image as a WebP thumbnail, in order, the first marked as the main one', () => {
    renderImages([A, C]);
    expect(thumbnails().map((img) => [img.getAttribute('alt'), img.getAttribute('src')])).toEqual([
      ['Image 1', `/images/uploads/${hex('a')}.jpg?w=160`],
      ['Image 2', `/images/uploads/${hex('c')}.png?w=160`],
    ]);
    const [first, second] = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(within(first!).getByText('Main')).toBeInTheDocument();
    expect(within(second!).queryByText('Main')).toBeNull();
  });

  it('uploads several photos one after another, adds each, and says which failed and why', async () => {
    let release!: () => void;
    const requests = uploadRoute(new Promise((resolve) => (release = resolve)));
    const user = renderImages([A]);
    await user.upload(screen.getByLabelText('Add images'), [
      photo('b-front.jpg'),
      photo('notes.txt', 'text/plain'),
      photo('c-side.jpg'),
    ]);
    // Shown, and said to a screen reader.
    expect(await screen.findAllByText('Uploading 1 of 3: b-front.jpg')).toHaveLength(2);
    expect(screen.getByLabelText('Uploading…')).toBeDisabled();
    release();
    await waitFor(() => expect(current()).toEqual([A, B, `uploads/${hex('c')}.jpg`]));
    expect(requests.map((r) => ((r.body as FormData).get('file') as File).name)).toEqual([
      'b-front.jpg',
      'notes.txt',
      'c-side.jpg',
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'notes.txt: The file is not an image we can read: upload a JPEG, PNG, WebP, GIF, AVIF or TIFF',
    );
    expect(screen.getByText('2 of 3 images added; 1 not added')).toBeInTheDocument();
    expect(screen.getByLabelText('Add images')).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends no file over 10 MB, nor one past the twelfth image', async () => {
    const requests = uploadRoute();
    const user = renderImages(Array.from({ length: 10 }, (_, i) => `products/X-1-${i + 1}`));
    const big = photo('d-huge.jpg');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(screen.getByLabelText('Add images'), [
      big,
      photo('e.jpg'),
      photo('f.jpg'),
      photo('g.jpg'),
    ]);
    await waitFor(() => expect(current()).toHaveLength(12));
    expect(requests).toHaveLength(2);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('d-huge.jpg: An image may be at most 10 MB');
    expect(alert).toHaveTextContent('g.jpg: Not added: a product has at most 12 images');
    expect(screen.getByLabelText('Add images')).toBeDisabled();
  });

  it('does not add the same photo twice', async () => {
    uploadRoute();
    const user = renderImages([A]);
    await user.upload(screen.getByLabelText('Add images'), [photo('a-again.jpg')]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'a-again.jpg: Already among this product’s images',
    );
    expect(current()).toEqual([A]);
  });

  it('reorders by keyboard, keeping focus on the image that moved', async () => {
    const user = renderImages([A, B, C]);
    await user.click(screen.getByRole('button', { name: 'Move image 1 later' }));
    expect(current()).toEqual([B, A, C]);
    expect(screen.getByRole('button', { name: 'Move image 2 later' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(current()).toEqual([B, C, A]);
    // At the end, "later" is disabled: focus stays with the image, on a button it can use.
    expect(screen.getByRole('button', { name: 'Move image 3 later' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move image 3 earlier' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(current()).toEqual([B, A, C]);
    expect(screen.getByRole('button', { name: 'Move image 2 earlier' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(current()).toEqual([A, B, C]);
    expect(screen.getByText('Image 2 moved to position 1, the main image')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move image 1 earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove image 1' })).toHaveFocus();
  });

  it('removes an image, then focuses the next one’s Remove, and the upload once none is left', async () => {
    const user = renderImages([A, B]);
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(current()).toEqual([B]);
    expect(screen.getByRole('button', { name: 'Remove image 1' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(current()).toEqual([]);
    expect(screen.getByLabelText('Add images')).toHaveFocus();
    expect(screen.getByText('No images yet. An active product needs at least one.')).toBeVisible();
  });

  it('marks an image that does not load as not found', () => {
    renderImages(['products/X-1-missing', A]);
    fireEvent.error(screen.getByRole('img', { name: 'Image 1' }));
    expect(screen.getByRole('img', { name: 'Image 1: not found' })).toHaveTextContent(
      'Image not found',
    );
    expect(screen.getByRole('img', { name: 'Image 2' })).toBeInTheDocument();
  });
});
