/** The header's product search box: submitting goes to /search?q={text} (spec §2). */
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { href } from '@storefront/shared/routes';

export function SearchBox() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    const q = text.trim();
    if (q) void navigate(href.search(q));
  }
  return (
    <form role="search" onSubmit={submit} className="flex w-full overflow-hidden rounded-md">
      <label htmlFor="header-search" className="sr-only">
        Search products
      </label>
      <input
        id="header-search"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search products"
        className="h-10 min-w-0 flex-1 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:-outline-offset-2 focus:outline-amber-400"
      />
      <button
        type="submit"
        aria-label="Search"
        className="flex h-10 w-12 items-center justify-center bg-amber-400 text-slate-900 hover:bg-amber-500 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white"
      >
        <Search aria-hidden="true" className="size-5" />
      </button>
    </form>
  );
}
