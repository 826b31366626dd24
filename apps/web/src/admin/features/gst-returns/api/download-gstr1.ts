/** GET /api/staff/returns/gstr1: a month's GSTR-1, the offline tool's JSON or a zip of CSVs. */
import { useMutation } from '@tanstack/react-query';
import type { Gstr1Format } from '@storefront/shared/gst-returns';
import { staffDownload } from '../../../lib/staff-download';

export function useDownloadGstr1() {
  return useMutation({
    mutationFn: ({ month, format }: { month: string; format: Gstr1Format }) =>
      staffDownload(
        '/api/staff/returns/gstr1',
        `GSTR1_${month}.${format === 'json' ? 'json' : 'zip'}`,
        {
          month,
          format,
        },
      ),
  });
}
