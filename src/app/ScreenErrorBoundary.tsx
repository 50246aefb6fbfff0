/**
 * Catches a screen that failed to load or render (typically a lazy chunk on a dropped mobile
 * connection) and offers a retry instead of a blank page.
 */
import { Component, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';

const m = defineMessages({
  failed: { id: 'app.screenFailed', defaultMessage: 'This screen could not be loaded. Please check your internet connection.' },
  retry: { id: 'app.retry', defaultMessage: 'Try again' },
});

function ScreenFailed({ onRetry }: { onRetry: () => void }) {
  const intl = useIntl();
  return (
    <main className="page">
      <p className="banner banner-error" role="alert">
        {intl.formatMessage(m.failed)}
      </p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {intl.formatMessage(m.retry)}
      </button>
    </main>
  );
}

type Props = { children: ReactNode; onRetry?: () => void };

export class ScreenErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    // A lazy import that failed once stays failed in React's cache: only a reload fetches it again.
    return <ScreenFailed onRetry={this.props.onRetry ?? (() => window.location.reload())} />;
  }
}
