/**
 * Files the API answers with (the CSV export, the full export), fetched with the session's
 * token and handed to the browser as downloads. A refusal (a JSON error) is thrown with the
 * server's message.
 */
export async function fetchWithSession(url: string, token: string | null): Promise<Response> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token ?? ''}` } });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new Error(
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
        ? body.message
        : 'The download failed. Please try again.',
    );
  }
  return response;
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the browser has the file by then.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** Downloads a file as the server names it (Content-Disposition), else `fallbackName`. */
export async function downloadWithSession(
  url: string,
  token: string | null,
  fallbackName: string,
): Promise<void> {
  const response = await fetchWithSession(url, token);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  saveBlob(await response.blob(), name);
}

/**
 * The full export (GET /api/book/export answers the usual envelope): the file saved is the
 * book itself, the document a restore takes.
 */
export async function downloadBookExport(token: string | null, day: string): Promise<void> {
  const response = await fetchWithSession('/api/book/export', token);
  const body = (await response.json()) as { data: unknown };
  const text = JSON.stringify(body.data, null, 2);
  saveBlob(new Blob([text], { type: 'application/json' }), `expense-tracker-${day}.json`);
}
