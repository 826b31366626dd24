import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/fake-api';
import { FIRST_LOAD, renderConsole, sessionOf } from '../../../test/render-console';

const REFUSED = { detail: 'Email, password or code is not right', code: 'invalid_credentials' };

async function passPasswordStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email', {}, FIRST_LOAD), 'owner@shop.example');
  await user.type(screen.getByLabelText('Password'), 'Owner@2026 desk');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('signing in to the console', () => {
  it('asks for email and password, then the code, and sends them in one call', async () => {
    const user = userEvent.setup();
    const requests = fakeApi(({ method, path }) =>
      method === 'POST' && path === '/api/staff/login'
        ? { body: sessionOf('owner') }
        : path === '/api/staff/orders?status=PD'
          ? { body: { orders: [], count: 0, countCap: 1000, next: null } }
          : undefined,
    );
    renderConsole('/admin/login?next=%2Fadmin%2Forders%3Fstatus%3DPD');

    await user.click(await screen.findByRole('button', { name: 'Continue' }, FIRST_LOAD));
    expect(screen.getByText('Valid email is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();
    await passPasswordStep(user);

    const code = await screen.findByLabelText('6-digit code');
    expect(code).toHaveFocus();
    expect(screen.getByText('owner@shop.example')).toBeVisible();
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
    expect(requests).toEqual([]);

    await user.type(code, '6');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/orders?status=PD'),
    );
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/staff/login',
      body: { email: 'owner@shop.example', password: 'Owner@2026 desk', code: '123456' },
    });
  });

  it("shows the server's refusal on the code step, with a way back to the password", async () => {
    const user = userEvent.setup();
    fakeApi(() => ({ status: 401, body: REFUSED }));
    renderConsole('/admin/login');
    await passPasswordStep(user);
    const code = await screen.findByLabelText('6-digit code');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not signed inEmail, password or code is not right',
    );
    expect(code).toHaveValue('');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login');

    await user.click(screen.getByRole('button', { name: 'Change email or password' }));
    expect(screen.getByLabelText('Email')).toHaveValue('owner@shop.example');
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('takes a recovery code instead, and says when the account is locked out', async () => {
    const user = userEvent.setup();
    const requests = fakeApi(() => ({
      status: 429,
      body: {
        detail: 'Too many failed sign-ins for this account. Try again in 42 minutes.',
        code: 'too_many_failed_logins',
      },
    }));
    renderConsole('/admin/login');
    await passPasswordStep(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcd-efgh-ijkl');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed sign-ins for this account. Try again in 42 minutes.',
    );
    expect(requests[0]?.body).toEqual({
      email: 'owner@shop.example',
      password: 'Owner@2026 desk',
      recoveryCode: 'abcd-efgh-ijkl',
    });
  });

  it('says why it is shown when the session ended', async () => {
    fakeApi(() => undefined);
    renderConsole('/admin/login?reason=expired&next=%2Fadmin%2Faudit');
    expect(
      await screen.findByText('Your session has ended. Sign in again to carry on where you were.'),
    ).toHaveAttribute('role', 'status');
  });
});
