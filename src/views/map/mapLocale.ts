/** maplibre's own control labels (read by screen readers and shown as tooltips) in the reader's language. */
import { defineMessages, useIntl } from 'react-intl';

const m = defineMessages({
  zoomIn: { id: 'map.ui.zoomIn', defaultMessage: 'Zoom in' },
  zoomOut: { id: 'map.ui.zoomOut', defaultMessage: 'Zoom out' },
  resetBearing: { id: 'map.ui.resetBearing', defaultMessage: 'Drag to rotate map, click to reset north' },
  resetPitch: { id: 'map.ui.resetPitch', defaultMessage: 'Drag to change pitch, click to reset' },
  attribution: { id: 'map.ui.attribution', defaultMessage: 'Toggle attribution' },
  title: { id: 'map.ui.title', defaultMessage: 'Map' },
  marker: { id: 'map.ui.marker', defaultMessage: 'Map marker' },
  close: { id: 'map.ui.close', defaultMessage: 'Close popup' },
  fullscreenEnter: { id: 'map.ui.fullscreenEnter', defaultMessage: 'Enter fullscreen' },
  fullscreenExit: { id: 'map.ui.fullscreenExit', defaultMessage: 'Exit fullscreen' },
  findMe: { id: 'map.ui.findMe', defaultMessage: 'Find my location' },
});

export function useMapLocale(): Record<string, string> {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  return {
    'NavigationControl.ZoomIn': t(m.zoomIn),
    'NavigationControl.ZoomOut': t(m.zoomOut),
    'NavigationControl.ResetBearing': t(m.resetBearing),
    'NavigationControl.ResetPitch': t(m.resetPitch),
    'AttributionControl.ToggleAttribution': t(m.attribution),
    'Map.Title': t(m.title),
    'Marker.Title': t(m.marker),
    'Popup.Close': t(m.close),
    'FullscreenControl.Enter': t(m.fullscreenEnter),
    'FullscreenControl.Exit': t(m.fullscreenExit),
    'GeolocateControl.FindMyLocation': t(m.findMe),
  };
}
