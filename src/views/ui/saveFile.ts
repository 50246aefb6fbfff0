/**
 * The one file download: hands text or a Blob to the browser as a file through a short-lived object URL. Machines
 * declare a `download`/`saveFile` effect and the view provides it with this (backup codes, CSV exports, the land
 * report PDF). Text is saved as UTF-8 of `type` (CSV unless said otherwise).
 */
export function saveFile(name: string, data: Blob | string, type = 'text/csv') {
  const blob = typeof data === 'string' ? new Blob([data], { type: `${type};charset=utf-8` }) : data;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Later than the click: some browsers start the download only after the event.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
