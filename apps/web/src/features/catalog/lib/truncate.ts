/** List-view descriptions are cut at 150 characters (spec §2 "Category listing"). */
export const LIST_DESCRIPTION_LENGTH = 150;

export function truncateDescription(text: string, max: number = LIST_DESCRIPTION_LENGTH): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max).trimEnd()}...` : clean;
}
