// File uploads go through XMLHttpRequest because fetch cannot report upload progress, and the
// screens that upload show a real progress bar.
import type { ApiErrorBody } from "../../schema/api/common";
import { ApiRequestError } from "./api";
import { isErrorCode } from "../../schema/api/errors";

export type UploadOptions = { onProgress?: (percent: number) => void; signal?: AbortSignal };

/** POSTs `form` with the session cookie; resolves with the JSON body, rejects with ApiRequestError. */
export function uploadForm<T>(url: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(100);
        resolve(body as T);
        return;
      }
      const err = (body as ApiErrorBody | null)?.error;
      reject(new ApiRequestError(xhr.status, isErrorCode(err?.code) ? err.code : "internal", err?.message ?? "Please try again", err?.fields));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, "network", "Please try again"));
    xhr.onabort = () => reject(new ApiRequestError(0, "aborted", "Upload cancelled"));
    opts.signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(form);
  });
}
