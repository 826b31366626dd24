/**
 * A product's images in the editor (issue 20): upload several photos at once (each checked here
 * for size, then decoded and re-encoded by the server), see them as thumbnails, put them in
 * order with buttons (the first is the main image the listings show), remove one. Controlled:
 * the editor holds `images` and saves them with the product; an upload changes nothing on the
 * product until then. A source whose image does not load is marked, as the console flags it.
 */
import { ArrowLeft, ArrowRight, ImagePlus, Loader2, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_MESSAGES,
  IMAGE_UPLOAD_TYPES,
} from '@storefront/shared/catalog-images';
import { PRODUCT_LIMITS } from '@storefront/shared/catalog-product';
import { imageAtWidth, resolveImageUrl } from '@storefront/shared/images';
import { Button } from '../../../../components/ui/button';
import { describeError } from '../../../../lib/api/error-message';
import { cn } from '../../../../lib/cn';
import { useUploadImage } from '../api/upload-image';

export interface ProductImagesProps {
  images: string[];
  onChange(images: string[]): void;
}

interface Problem {
  file: string;
  message: string;
}

const MAX_IMAGES = PRODUCT_LIMITS.images;

/** Where focus goes after a change of the list, so a keyboard user keeps their place. */
type FocusTarget = { index: number; action: 'earlier' | 'later' | 'remove' } | 'add' | null;

export function ProductImages({ images, onChange }: ProductImagesProps) {
  const id = useId();
  const upload = useUploadImage();
  const [busy, setBusy] = useState<{ done: number; total: number; name: string } | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const focusAfter = useRef<FocusTarget>(null);
  // The list as the parent last gave it, or as this component last changed it while uploads run
  // (each finished upload adds to the newest list, not to the one the batch started from).
  const latest = useRef(images);
  useEffect(() => {
    latest.current = images;
  }, [images]);

  // After the list changed by a move or a removal, focus what the change asked for.
  useEffect(() => {
    const target = focusAfter.current;
    focusAfter.current = null;
    if (target === null) return;
    if (target === 'add') return inputRef.current?.focus();
    const item = listRef.current?.children[target.index];
    const wanted = item?.querySelector<HTMLButtonElement>(
      `[data-action="${target.action}"]:not(:disabled)`,
    );
    (wanted ?? item?.querySelector<HTMLButtonElement>('button:not(:disabled)'))?.focus();
  }, [images]);

  const change = (next: string[]) => {
    latest.current = next;
    onChange(next);
  };

  const move = (index: number, by: -1 | 1) => {
    const next = [...images];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    change(next);
    setAnnouncement(
      `Image ${index + 1} moved to position ${index + by + 1}${index + by === 0 ? ', the main image' : ''}`,
    );
    focusAfter.current = { index: index + by, action: by < 0 ? 'earlier' : 'later' };
  };

  const remove = (index: number) => {
    const next = images.filter((_, i) => i !== index);
    change(next);
    setAnnouncement(`Image ${index + 1} removed`);
    focusAfter.current = next.length
      ? { index: Math.min(index, next.length - 1), action: 'remove' }
      : 'add';
  };

  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = ''; // the same file may be chosen again after a failure
    if (!files.length) return;
    const found: Problem[] = [];
    const room = MAX_IMAGES - latest.current.length;
    const accepted: File[] = [];
    for (const file of files) {
      if (file.size > IMAGE_UPLOAD_MAX_BYTES)
        found.push({ file: file.name, message: IMAGE_UPLOAD_MESSAGES.image_too_large });
      else if (accepted.length >= room)
        found.push({
          file: file.name,
          message: `Not added: a product has at most ${MAX_IMAGES} images`,
        });
      else accepted.push(file);
    }
    setProblems([...found]);
    let added = 0;
    for (const [i, file] of accepted.entries()) {
      setBusy({ done: i, total: accepted.length, name: file.name });
      try {
        const { source } = await upload.mutateAsync(file);
        if (latest.current.includes(source))
          found.push({ file: file.name, message: 'Already among this product’s images' });
        else {
          change([...latest.current, source]);
          added++;
        }
      } catch (error) {
        found.push({ file: file.name, message: describeError(error) ?? 'The upload failed' });
      }
      setProblems([...found]);
    }
    setBusy(null);
    setAnnouncement(
      `${added} of ${files.length} ${files.length === 1 ? 'image' : 'images'} added${found.length ? `; ${found.length} not added` : ''}`,
    );
  };

  const full = images.length >= MAX_IMAGES;
  return (
    <fieldset className="grid gap-3" aria-describedby={`${id}-hint`}>
      {/* The editor's panel is headed Images already; the legend names the group for a reader. */}
      <legend className="sr-only">Images</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        The first image is the main one. JPEG, PNG, WebP, GIF, AVIF or TIFF, up to{' '}
        {IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB each; at most {MAX_IMAGES} images.
      </p>

      {images.length ? (
        <ol ref={listRef} aria-label="Product images" className="flex flex-wrap gap-3">
          {images.map((source, index) => {
            const label = `Image ${index + 1}`;
            const missing = broken.has(source);
            return (
              <li
                key={`${source}#${images.slice(0, index).filter((s) => s === source).length}`}
                className="grid w-32 grid-cols-1 gap-1.5 rounded-lg border border-slate-200 bg-white p-2"
              >
                <div className="relative aspect-square overflow-hidden rounded-md bg-slate-100">
                  {missing ? (
                    <div
                      role="img"
                      aria-label={`${label}: not found`}
                      className="flex size-full items-center justify-center p-2 text-center text-xs font-medium text-red-700"
                    >
                      Image not found
                    </div>
                  ) : (
                    <img
                      src={imageAtWidth(resolveImageUrl(source), 160)}
                      alt={label}
                      width={120}
                      height={120}
                      loading="lazy"
                      className="size-full object-contain"
                      onError={() => setBroken((set) => new Set(set).add(source))}
                    />
                  )}
                  {index === 0 ? (
                    <span className="absolute top-1 left-1 rounded bg-blue-600 px-1.5 py-0.5 text-xs font-medium text-white">
                      Main
                    </span>
                  ) : null}
                </div>
                <div className="flex justify-between">
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    data-action="earlier"
                    aria-label={`Move image ${index + 1} earlier`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowLeft aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 text-red-700 hover:bg-red-50"
                    data-action="remove"
                    aria-label={`Remove image ${index + 1}`}
                    onClick={() => remove(index)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    data-action="later"
                    aria-label={`Move image ${index + 1} later`}
                    disabled={index === images.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          No images yet. An active product needs at least one.
        </p>
      )}

      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          multiple
          accept={IMAGE_UPLOAD_TYPES.join(',')}
          disabled={busy !== null || full}
          onChange={(event) => void add(event)}
          className="peer sr-only"
        />
        <label
          htmlFor={`${id}-file`}
          className={cn(
            'inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-50',
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-600',
            'peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
          )}
        >
          {busy ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <ImagePlus aria-hidden="true" className="size-4" />
          )}
          {busy ? 'Uploading…' : 'Add images'}
        </label>
        {busy ? (
          <span className="text-sm text-slate-700">
            Uploading {busy.done + 1} of {busy.total}: {busy.name}
          </span>
        ) : full ? (
          <span className="text-sm text-slate-600">This product has the most images it can.</span>
        ) : null}
      </div>

      {problems.length ? (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <ul className="grid flex-1 gap-1">
            {problems.map((problem, i) => (
              <li key={i}>
                <span className="font-medium break-all">{problem.file}</span>: {problem.message}
              </li>
            ))}
          </ul>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 shrink-0 text-red-800 hover:bg-red-100"
            aria-label="Dismiss"
            onClick={() => setProblems([])}
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        </div>
      ) : null}

      <p aria-live="polite" className="sr-only">
        {busy ? `Uploading ${busy.done + 1} of ${busy.total}: ${busy.name}` : announcement}
      </p>
    </fieldset>
  );
}
