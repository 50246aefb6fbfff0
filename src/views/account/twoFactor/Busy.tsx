/** A step that waits on the server: loading the status, preparing the setup. */
export function Busy({ text }: { text: string }) {
  return (
    <p role="status" aria-busy="true">
      {text}
    </p>
  );
}
