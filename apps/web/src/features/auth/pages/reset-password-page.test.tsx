import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render';
import { ResetPasswordPage } from './reset-password-page';

function renderReset(path: string) {
  return renderRoute(<ResetPasswordPage />, { path, route: '/reset-password/:token?' });
}

async function fill(password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('the reset password page', () => {
  it('sends the token and the new password, then offers to log in', async () => {
    const requests = fakeApi(() => ({ body: { msg: 'Your password has been changed.' } }));
    renderReset('/reset-password/abc_DEF-123');
    await fill('Monsoon&Mango-77');
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(screen.getByRole('link', { name: 'Proceed to Login' })).toHaveAttribute('href', '/auth');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/user/reset-password' });
    expect(requests[0]?.body).toEqual({ token: 'abc_DEF-123', new_password: 'Monsoon&Mango-77' });
    expect(requests[0]?.headers.get('authorization')).toBeNull();
  });

  it('checks the sign-up rules and the confirmation before sending anything', async () => {
    const requests = fakeApi(() => ({ body: { msg: 'never' } }));
    renderReset('/reset-password/abc');
    await fill('short', 'other');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("shows the server's reason for a refused link, with a way back to login", async () => {
    fakeApi(() => ({
      status: 400,
      body: { detail: 'This password reset link has expired.', code: 'reset_token_expired' },
    }));
    renderReset('/reset-password/old');
    await fill('Monsoon&Mango-77');
    expect(
      await screen.findByRole('heading', { name: 'Password not changed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This password reset link has expired.');
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/auth');
  });

  it('keeps the form for a refused password (a common one)', async () => {
    fakeApi(() => ({
      status: 400,
      body: { detail: 'This password is too common.', code: 'invalid_data' },
    }));
    renderReset('/reset-password/abc');
    await fill('Password@123');
    expect(await screen.findByRole('alert')).toHaveTextContent('This password is too common.');
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeInTheDocument();
  });

  it('says a link without its token is incomplete', () => {
    renderReset('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('missing its token');
  });
});
