/**
 * The product's images as a list of sources: add one by its source, move it up or down (the
 * first is the listing's), remove it. A stand-in with the same props as the upload component
 * (`product-images.tsx`) that replaces it.
 */
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { imageAtWidth, resolveImageUrl } from '@storefront/shared/images';
import { Button } from '../../../../components/ui/button';

export function ProductImageList({
  images,
  onChange,
}: {
  images: string[];
  onChange(images: string[]): void;
}) {
  const [source, setSource] = useState('');
  const move = (from: number, to: number) => {
    const next = [...images];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    const value = source.trim();
    if (!value || images.includes(value)) return;
    onChange([...images, value]);
    setSource('');
  };
  return (
    <div className="grid gap-3">
      {images.length === 0 ? (
        <p className="text-sm text-slate-600">No images yet.</p>
      ) : (
        <ol className="grid gap-2">
          {images.map((src, i) => (
            <li
              key={src}
              className="flex items-center gap-3 rounded-md border border-slate-200 bg-white p-2"
            >
              <img
                src={imageAtWidth(resolveImageUrl(src), 160)}
                alt=""
                width={48}
                height={48}
                className="size-12 shrink-0 rounded bg-slate-100 object-cover"
              />
              <span className="min-w-0 flex-1 truncate font-mono text-xs">
                {i === 0 ? <span className="mr-1 font-sans font-medium">Main ·</span> : null}
                {src}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Move image ${i + 1} up`}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
              >
                <ArrowUp aria-hidden="true" className="size-4" />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Move image ${i + 1} down`}
                disabled={i === images.length - 1}
                onClick={() => move(i, i + 1)}
              >
                <ArrowDown aria-hidden="true" className="size-4" />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove image ${i + 1}`}
                onClick={() => onChange(images.filter((_, j) => j !== i))}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <label className="grid min-w-0 flex-1 gap-1.5 text-sm font-medium text-slate-800">
          Image source
          <input
            value={source}
            onChange={(event) => setSource(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') add(event);
            }}
            placeholder="products/CODE-1 or https://…"
            className="h-10 rounded-md border border-slate-300 px-3 font-normal"
          />
        </label>
        <Button type="button" variant="outline" onClick={add}>
          Add image
        </Button>
      </div>
    </div>
  );
}
