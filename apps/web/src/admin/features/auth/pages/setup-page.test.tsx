import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/fake-api';
import { FIRST_LOAD, renderConsole, sessionOf } from '../../../test/render-console';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const QR = 'data:image/svg+xml;base64,PHN2Zy8+';
const CODES = ['AAAA-BBBB-CCCC', 'DDDD-EEEE-FFFF'];

describe('setting up a console account from an invitation', () => {
  it('shows the second factor, checks the password by the shared rules, then the recovery codes once', async () => {
    const user = userEvent.setup();
    const requests = fakeApi(({ path, body }) => {
      if (path === '/api/staff/setup/start')
        return {
          body: {
            email: 'packer@shop.example',
            role: 'fulfilment',
            totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            otpauthUri: 'otpauth://totp/Store:packer@shop.example?secret=JBSWY3DPEHPK3PXP',
            qrCode: QR,
          },
        };
      if (path === '/api/staff/setup/complete')
        return (body as { code: string }).code === '111111'
          ? {
              status: 400,
              body: {
                detail:
                  'That code does not match. Check the time on your phone and enter the newest code.',
                code: 'totp_code_wrong',
                fields: { code: 'That code does not match' },
              },
            }
          : {
              status: 201,
              body: { ...sessionOf('fulfilment', 'Ravi Kumar'), recoveryCodes: CODES },
            };
      if (path === '/api/staff/orders' || path.startsWith('/api/staff/dashboard'))
        return { status: 404, body: { detail: 'No route', code: 'not_found' } };
      return undefined;
    });
    renderConsole(`/admin/setup#${TOKEN}`);

    expect(
      await screen.findByRole(
        'img',
        {
          name: 'QR code to add packer@shop.example to an authenticator app',
        },
        FIRST_LOAD,
      ),
    ).toHaveAttribute('src', QR);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(screen.getByText(/role/)).toHaveTextContent(
      'You are joining as packer@shop.example, role Fulfilment.',
    );
    expect(requests[0]).toMatchObject({ method: 'POST', body: { token: TOKEN } });

    await user.type(screen.getByLabelText('Your name'), 'Ravi Kumar');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.type(screen.getByLabelText('Confirm password'), 'password2');
    await user.click(screen.getByRole('button', { name: 'Finish setting up' }));
    expect(screen.getByText('Password must contain at least one uppercase letter')).toBeVisible();
    expect(screen.getByText("Passwords don't match")).toBeVisible();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveFocus();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Packer@2026 box');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Packer@2026 box');
    await user.type(screen.getByLabelText('6-digit code from the app'), '111111');
    await user.click(screen.getByRole('button', { name: 'Finish setting up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code does not match. Check the time on your phone and enter the newest code.',
    );
    expect(screen.getByText('That code does not match')).toBeVisible();

    await user.clear(screen.getByLabelText('6-digit code from the app'));
    await user.type(screen.getByLabelText('6-digit code from the app'), '222222');
    await user.click(screen.getByRole('button', { name: 'Finish setting up' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list).toHaveTextContent(CODES.join(''));
    expect(requests.at(-1)?.body).toEqual({
      token: TOKEN,
      fullName: 'Ravi Kumar',
      password: 'Packer@2026 box',
      code: '222222',
    });
    const open = screen.getByRole('button', { name: 'Open the console' });
    expect(open).toBeDisabled();
    await user.click(screen.getByLabelText('I have saved my recovery codes'));
    await user.click(open);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    // Into the console as the new member, without asking the server who is signed in.
    expect(await screen.findByText('Ravi Kumar · Fulfilment')).toBeVisible();
    expect(requests.some((request) => request.path === '/api/staff/session')).toBe(false);
  });

  it('says a link without its token is incomplete, and shows why a used link fails', async () => {
    fakeApi(() => ({
      status: 404,
      body: {
        detail:
          'This setup link has expired or was already used. Ask an owner for a new invitation.',
        code: 'invitation_invalid',
      },
    }));
    const first = renderConsole('/admin/setup');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete');
    first.unmount();

    renderConsole(`/admin/setup#${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This setup link has expired or was already used. Ask an owner for a new invitation.',
    );
  });
});
