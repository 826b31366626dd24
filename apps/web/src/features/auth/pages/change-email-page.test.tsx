import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render';
import { ChangeEmailPage } from './change-email-page';

function renderPage(path: string) {
  return renderRoute(<ChangeEmailPage />, { path, route: '/change-email/:token?' });
}

describe('the change-email page (decision 067)', () => {
  it('changes nothing on opening; the button sends the token and shows the answer', async () => {
    const requests = fakeApi(() => ({ body: { msg: 'Your email is now new@example.in.' } }));
    renderPage('/change-email/abc_DEF-123');
    expect(screen.getByRole('heading', { name: 'Confirm your new email' })).toBeInTheDocument();
    expect(requests).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Use this email address' }));
    expect(await screen.findByRole('heading', { name: 'Email changed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your email is now new@example.in.');
    expect(screen.getByRole('link', { name: 'Proceed to Login' })).toHaveAttribute('href', '/auth');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/user/change-email/confirm',
      body: { token: 'abc_DEF-123' },
    });
  });

  it("shows the server's reason for a refused link", async () => {
    fakeApi(() => ({
      status: 400,
      body: {
        detail: 'This email change link has expired. Ask for a new one from your profile.',
        code: 'email_change_token_expired',
      },
    }));
    renderPage('/change-email/abc');
    await userEvent.click(screen.getByRole('button', { name: 'Use this email address' }));
    expect(await screen.findByRole('heading', { name: 'Email not changed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('has expired');
  });

  it('says a link without its token is incomplete, and calls nothing', () => {
    const requests = fakeApi(() => undefined);
    renderPage('/change-email');
    expect(screen.getByRole('alert')).toHaveTextContent('The link is missing its token.');
    expect(requests).toEqual([]);
  });
});
