import type { ImportJob } from '@hr/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiAnswer, fetchCsrfCookie, readCookie } from '@/shared/api/api-client.ts';
import { ApiError, type ErrorPayload, NetworkError } from '@/shared/api/api-error.ts';

/**
 * POST /api/admin/imports as multipart/form-data (one field `file`). XMLHttpRequest rather than
 * fetch: it reports upload progress, which matters for files up to 200 МБ.
 */
export async function uploadImport(file: File, onProgress: (share: number) => void): Promise<ApiAnswer<ImportJob>> {
  await fetchCsrfCookie();
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/imports');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) xhr.setRequestHeader('X-XSRF-TOKEN', xsrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new NetworkError(new Error('upload failed')));
    xhr.onload = () => {
      let data: (ErrorPayload & { res?: ImportJob }) | null = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: reported as a failure below
      }
      if (xhr.status !== 200 || data?.status !== 'success' || !data.res) reject(new ApiError(xhr.status, data ?? {}));
      else resolve({ res: data.res, message: data.message });
    };
    xhr.send(form);
  });
}

export function useUploadImport(onProgress: (share: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadImport(file, onProgress),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'imports'] });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
