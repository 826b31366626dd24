/**
 * sharp (libvips, ~28 MB of RSS once loaded) is imported when the first image is rendered or
 * uploaded, not at start: most requests are served from the disk cache and never need it
 * (decision 034).
 */
import type Sharp from 'sharp';

let sharpLoaded: Promise<typeof Sharp> | undefined;

export const loadSharp = () =>
  (sharpLoaded ??= import('sharp').then(
    (module) => {
      // Every render is of a new key (its file is then served from disk), every upload of a new
      // photo: libvips's operation cache (50 MB by default) would only hold memory.
      module.default.cache(false);
      return module.default;
    },
    (error: unknown) => {
      sharpLoaded = undefined; // a later request tries again
      throw error;
    },
  ));
