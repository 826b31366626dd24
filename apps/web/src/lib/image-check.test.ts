import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_CHECK_TIMEOUT_MS } from '@storefront/shared/constants';
import { PLACEHOLDER_IMAGE } from '@storefront/shared/images';
import { queryWrapper } from '../test/render';
import { checkImage, useImageChecks } from './image-check';

/** An image that loads or fails when the test says, as the browser's would later. */
class ControlledImage {
  static last: ControlledImage | undefined;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  src = '';
  constructor() {
    ControlledImage.last = this;
  }
}

describe('checkImage (spec §4, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('Image', ControlledImage);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fails an image that has not loaded after 5000 ms', async () => {
    const settled = vi.fn();
    void checkImage('/images/products/slow.png').then(settled);
    expect(ControlledImage.last?.src).toBe('/images/products/slow.png');
    await vi.advanceTimersByTimeAsync(IMAGE_CHECK_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(false);
    // A load after the timeout changes nothing: the handlers are gone.
    expect(ControlledImage.last?.onload).toBeNull();
  });

  it('passes an image that loads before the timeout, and stops the timer', async () => {
    const result = checkImage('/images/products/fast.png');
    await vi.advanceTimersByTimeAsync(4999);
    ControlledImage.last!.onload!();
    await expect(result).resolves.toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fails an image that errors, at once', async () => {
    const result = checkImage('/images/products/missing.png');
    ControlledImage.last!.onerror!();
    await expect(result).resolves.toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fails an empty source or the placeholder without loading anything', async () => {
    ControlledImage.last = undefined;
    await expect(checkImage('')).resolves.toBe(false);
    await expect(checkImage(PLACEHOLDER_IMAGE)).resolves.toBe(false);
    expect(ControlledImage.last).toBeUndefined();
  });
});

describe('useImageChecks', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks each source once, is checking until all have settled, and keeps the outcomes', async () => {
    vi.useFakeTimers();
    const loaded: string[] = [];
    class CountingImage {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(url: string) {
        loaded.push(url);
        queueMicrotask(() => (url.includes('missing') ? this.onerror?.() : this.onload?.()));
      }
    }
    vi.stubGlobal('Image', CountingImage);
    const { wrapper } = queryWrapper();
    const sources = ['products/A-1', 'products/A-missing', 'products/A-1'];

    const first = renderHook(() => useImageChecks(sources), { wrapper });
    expect(first.result.current.isChecking).toBe(true);
    expect(first.result.current.isValid('products/A-1')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(first.result.current.isChecking).toBe(false);
    expect(first.result.current.isValid('products/A-1')).toBe(true);
    expect(first.result.current.isValid('products/A-missing')).toBe(false);
    first.unmount();

    // A later page, past React Query's default 5 minutes for an unobserved entry, asks nothing.
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    const again = renderHook(() => useImageChecks(sources), { wrapper });
    expect(again.result.current.isChecking).toBe(false);
    expect(again.result.current.isValid('products/A-1')).toBe(true);
    expect(loaded).toEqual([
      '/images/products/A-1.png?w=160',
      '/images/products/A-missing.png?w=160',
    ]);
  });

  it('is not checking when there is nothing to check', () => {
    const { result } = renderHook(() => useImageChecks([]), queryWrapper());
    expect(result.current.isChecking).toBe(false);
  });
});
