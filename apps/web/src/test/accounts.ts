/** Account objects shaped like the API's answers, for component tests. */
import type { LoginResponse, UserProfile } from '@storefront/shared/accounts';

export function userProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    email: 'asha@example.com',
    full_name: 'Asha Mehta',
    company_name: 'Mehta Traders Pvt Ltd',
    phone_number: '9876543210',
    gst_number: '27AABCM1234F1Z5',
    business_street: '14 Linking Road',
    business_city: 'Mumbai',
    business_state: 'Maharashtra',
    business_type: 'Retailer',
    business_country: 'India',
    pincode: '400050',
    created_at: '2026-01-05T10:00:00.000Z',
    role: 'buyer',
    ...overrides,
  };
}

export function loginResponse(overrides: Partial<UserProfile> = {}): LoginResponse {
  return { access_token: 'access-1', refresh_token: 'refresh-1', user: userProfile(overrides) };
}
