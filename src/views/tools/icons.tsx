/** Small inline icons for the tools screens (no icon font, no download). */
export const WarningIcon = ({ title }: { title?: string }) => (
  <svg viewBox="0 0 24 24" width="20" height="20" role={title ? 'img' : undefined} aria-hidden={title ? undefined : true} aria-label={title}>
    <path d="M12 2 1 21h22L12 2z" fill="#f59e0b" />
    <path d="M11 9h2v6h-2zM11 17h2v2h-2z" fill="#1f2937" />
  </svg>
);

export const BulbIcon = ({ title }: { title?: string }) => (
  <svg viewBox="0 0 24 24" width="20" height="20" role={title ? 'img' : undefined} aria-hidden={title ? undefined : true} aria-label={title}>
    <path d="M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2z" fill="#facc15" />
    <path d="M9 18h6v2H9zM10 21h4v1h-4z" fill="#6b7280" />
  </svg>
);

export const UploadIcon = () => (
  <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden>
    <path d="M12 3 6 9h4v6h4V9h4l-6-6zM4 17h16v4H4z" fill="currentColor" />
  </svg>
);
