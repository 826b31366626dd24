import { describe, expect, it } from 'vitest';
import { emlFilesInOrder } from './outbox-order';

describe('emlFilesInOrder', () => {
  it('orders outbox files by their leading id as a number, so 10 follows 9', () => {
    expect(
      emlFilesInOrder([
        '10-email_verification.eml',
        '9-email_verification.eml',
        '100-payment_confirmation.eml',
        '2-email_verification.eml',
        '11-email_verification.eml.tmp',
      ]),
    ).toEqual([
      '2-email_verification.eml',
      '9-email_verification.eml',
      '10-email_verification.eml',
      '100-payment_confirmation.eml',
    ]);
  });
});
