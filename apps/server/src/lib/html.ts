/** Text written into the served HTML. */

/** Text safe inside an element or a quoted attribute. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c]!,
  );

/** JSON inside <script> must not be able to close the element. */
export const safeJson = (value: object) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
