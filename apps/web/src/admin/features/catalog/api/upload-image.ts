/** POST /api/staff/catalog/images: one photo uploaded, answered with its source for `images`. */
import { useMutation } from '@tanstack/react-query';
import { ImageUploadResponse } from '@storefront/shared/catalog-images';
import { staffRequest } from '../../../lib/staff-client';

export function uploadImage(file: File): Promise<ImageUploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return staffRequest('/api/staff/catalog/images', ImageUploadResponse, {
    method: 'POST',
    body: form,
  });
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
