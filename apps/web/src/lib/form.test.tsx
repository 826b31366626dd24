import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { formRules, useForm } from './form';

const Schema = z.object({
  name: z.string().min(1, 'Name is required'),
  code: z.string().regex(/^\d{6}$/, 'Six digits'),
});
const rules = formRules(() => Promise.resolve(Schema));

function TestForm({ onValid }: { onValid: (values: z.output<typeof Schema>) => Promise<void> }) {
  const { register, handleSubmit, setError, formState } = useForm({
    rules,
    defaultValues: { name: '', code: '' },
  });
  return (
    <form
      noValidate
      onSubmit={handleSubmit(async (values) => {
        await onValid(values);
        setError('code', { message: 'Taken on the server' });
      })}
    >
      <label>
        Name <input {...register('name')} />
      </label>
      <p>{formState.errors.name?.message}</p>
      <label>
        Code <input {...register('code')} />
      </label>
      <p>{formState.errors.code?.message}</p>
      <button type="submit" disabled={formState.isSubmitting}>
        Save
      </button>
    </form>
  );
}

describe('useForm', () => {
  it('checks on submit, focuses the first invalid field and does not submit', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn(async () => {});
    render(<TestForm onValid={onValid} />);
    await user.type(screen.getByLabelText('Code'), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Six digits')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('re-checks a field as it changes once submitted, leaving the others', async () => {
    const user = userEvent.setup();
    render(<TestForm onValid={async () => {}} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Name is required');
    await user.type(screen.getByLabelText('Code'), '123456');
    await waitFor(() => expect(screen.queryByText('Six digits')).not.toBeInTheDocument());
    expect(screen.getByText('Name is required')).toBeInTheDocument();
  });

  it('submits the parsed values, disabled while submitting, and shows a server message', async () => {
    const user = userEvent.setup();
    let finish = () => {};
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<TestForm onValid={onValid} />);
    await user.type(screen.getByLabelText('Name'), 'Asha');
    await user.type(screen.getByLabelText('Code'), '400001');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: 'Asha', code: '400001' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    finish();
    expect(await screen.findByText('Taken on the server')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
