/** Live sensor readings for one field, from the socket feed. Returns the unsubscribe function. */
export type LiveReading = { fieldId: string; type: string; value: number; timestamp: string };

export function watchFieldReadings(_fieldId: string, _onReading: (r: LiveReading) => void): () => void {
  return () => {};
}

export function watchNewAlerts(_onAlert: (a: import('./dashboards').AlertPreview) => void): () => void {
  return () => {};
}

export function watchNewMessages(_onMessage: (m: import('./messages').MessageNew) => void): () => void {
  return () => {};
}
