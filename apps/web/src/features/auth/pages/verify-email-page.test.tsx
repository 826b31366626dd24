import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { pendingFetch, renderRoute } from '../../../test/render';
import { VerifyEmailPage } from './verify-email-page';

function renderVerify(path: string) {
  return renderRoute(<VerifyEmailPage />, { path, route: '/verify-email/:token?' });
}

describe('the email verification page', () => {
  it("says 'Verifying your email...' while the call runs", () => {
    pendingFetch();
    renderVerify('/verify-email/abc');
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your email...');
  });

  it("shows the server's message and 'Proceed to Login' on success", async () => {
    const requests = fakeApi(() => ({ body: { msg: 'Email verified successfully.' } }));
    renderVerify('/verify-email/abc_DEF-123');
    expect(
      await screen.findByRole('heading', { name: 'Verification Successful' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Email verified successfully.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Proceed to Login' })).toHaveAttribute('href', '/auth');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: '/api/user/verify-email/abc_DEF-123',
    });
    expect(requests[0]?.headers.get('authorization')).toBeNull();
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
  });

  it("drops a 'token=' prefix", async () => {
    const requests = fakeApi(() => ({ body: { msg: 'Email verified successfully.' } }));
    renderVerify('/verify-email/token=abc');
    await screen.findByRole('heading', { name: 'Verification Successful' });
    expect(requests.map((r) => r.path)).toEqual(['/api/user/verify-email/abc']);
  });

  it("shows the server's detail and 'Go to Homepage' on failure", async () => {
    fakeApi(() => ({
      status: 400,
      body: { detail: 'This verification link has expired.', code: 'verification_token_expired' },
    }));
    renderVerify('/verify-email/old');
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This verification link has expired.');
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  });

  it("shows the server's msg when a refusal has no detail", async () => {
    fakeApi(() => ({ status: 400, body: { msg: 'Token already used.' } }));
    renderVerify('/verify-email/used');
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Token already used.');
  });

  it("falls back to 'An error occurred during verification.' without a detail", async () => {
    vi.stubGlobal('fetch', async () => new Response('bad gateway', { status: 502 }));
    renderVerify('/verify-email/abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred during verification.',
    );
  });

  it('shows the network failure, or the spec text when it has no message', async () => {
    fakeApi(() => 'network-error');
    const first = renderVerify('/verify-email/abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch');
    first.unmount();

    vi.stubGlobal('fetch', () => Promise.reject(new Error('')));
    renderVerify('/verify-email/abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected network error occurred.',
    );
  });

  it('fails at once without a token', () => {
    const requests = fakeApi(() => undefined);
    const first = renderVerify('/verify-email');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Invalid verification link or token missing.',
    );
    first.unmount();
    renderVerify('/verify-email/token=');
    expect(screen.getByRole('alert')).toHaveTextContent('No verification token provided.');
    expect(requests).toEqual([]);
  });
});
