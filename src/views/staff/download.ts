/** Saves text or a blob as a file in the browser (the machines' `download` effect). */
export function saveFile(name: string, data: Blob | string) {
  const blob = typeof data === 'string' ? new Blob([data], { type: 'text/csv;charset=utf-8' }) : data;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
