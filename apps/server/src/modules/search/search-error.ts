/**
 * Errors of the Algolia-compatible endpoint answer in Algolia's own format, `{message, status}`
 * (what its clients parse into an ApiError), not the rest of the API's `{detail, code}`.
 */
export class SearchError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new SearchError(400, message);
