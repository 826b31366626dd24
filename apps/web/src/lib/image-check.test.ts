import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_CHECK_TIMEOUT_MS } from '@storefront/shared/constants';
import { PLACEHOLDER_IMAGE } from '@storefront/shared/images';
import { checkImage } from './image-check';

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
