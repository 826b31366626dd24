/**
 * The recovery codes, shown once at the end of setup (decision 043): the member copies or
 * writes them down and says so before the console opens; nothing shows them again.
 */
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(codes.join('\n'));
    setCopied(true);
  };
  return (
    <section aria-labelledby="recovery-heading" className="grid gap-4">
      <h2 id="recovery-heading" className="text-lg font-semibold">
        Your recovery codes
      </h2>
      <p className="text-sm text-slate-700">
        If you lose your phone, each of these codes signs you in once instead of the code from your
        app. Keep them somewhere safe, away from your phone: they are shown only now.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-md bg-slate-100 p-4 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Button variant="outline" className="justify-self-start" onClick={() => void copy()}>
        {copied ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
        {copied ? 'Copied' : 'Copy the codes'}
      </Button>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
        />
        I have saved my recovery codes
      </label>
      <Button size="lg" disabled={!saved} onClick={onDone}>
        Open the console
      </Button>
    </section>
  );
}
