/** Leaves the app for another site (the payment gateway); a module of its own so tests can stub it. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
