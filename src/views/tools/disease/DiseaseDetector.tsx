/** The disease detector's body: photo picker or drop zone, preview, analyse, and the result or error. */
import { useEffect, useMemo, useState, type DragEvent } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { DiseaseUploadContext } from '@/machines/diseaseUpload.context';
import { UploadIcon, WarningIcon } from '../icons';
import { CROP_CHOICES } from './cropChoices';
import { DiseaseResultPanel } from './DiseaseResultPanel';

const m = defineMessages({
  title: { id: 'disease.title', defaultMessage: 'Plant disease detection' },
  hint: { id: 'disease.hint', defaultMessage: 'Photograph one leaf against a plain background, in daylight.' },
  drop: { id: 'disease.drop', defaultMessage: 'Drag a leaf photo here or tap to choose one' },
  picker: { id: 'disease.picker', defaultMessage: 'Leaf photo' },
  chooseAnother: { id: 'disease.chooseAnother', defaultMessage: 'Choose another photo' },
  analyse: { id: 'disease.analyse', defaultMessage: 'Analyse' },
  analysing: { id: 'disease.analysing', defaultMessage: 'Analysing…' },
  failed: { id: 'disease.failed', defaultMessage: 'Analysis failed. Please try again.' },
  queued: {
    id: 'disease.queued',
    defaultMessage: 'The photo is kept on this phone and will be sent by itself when the network works; its result will show here and in the history.',
  },
  sendLater: { id: 'disease.sendLater', defaultMessage: 'Send by itself later' },
  preview: { id: 'disease.preview', defaultMessage: 'Selected leaf photo' },
  crop: { id: 'disease.crop', defaultMessage: 'Crop (optional)' },
  anyCrop: { id: 'disease.crop.any', defaultMessage: 'Not sure / other crop' },
  preparing: { id: 'disease.preparing', defaultMessage: 'Preparing the photo…' },
  uploadFailed: { id: 'disease.uploadFailed', defaultMessage: 'The photo could not be sent: the network is slow or down. Please try again.' },
  retry: { id: 'disease.retry', defaultMessage: 'Try again' },
  progressLabel: { id: 'disease.progressLabel', defaultMessage: 'Sending the photo' },
  pastFailed: { id: 'disease.pastFailed', defaultMessage: 'That past diagnosis could not be opened. Please try again.' },
  newPhoto: { id: 'disease.newPhoto', defaultMessage: 'Check a new photo' },
});
const onlyImagesMessage = defineMessage<{ name: string }>({ id: 'disease.onlyImages', defaultMessage: '"{name}" is not a photo. Please choose an image file.' });
const unreadableMessage = defineMessage<{ name: string }>({
  id: 'disease.unreadable',
  defaultMessage: '"{name}" could not be opened as a photo. Please take or choose another photo.',
});
const sizeMessage = defineMessage<{ size: string }>({ id: 'disease.photoSize', defaultMessage: 'Photo to send: {size} KB' });
const uploadingMessage = defineMessage<{ percent: string; sent: string; total: string }>({
  id: 'disease.uploading',
  defaultMessage: 'Sending the photo… {percent} % ({sent} of {total} KB)',
});
const pastOnMessage = defineMessage<{ date: string }>({ id: 'disease.pastOn', defaultMessage: 'Diagnosis of {date}' });

export function DiseaseDetector() {
  const intl = useIntl();
  const actor = DiseaseUploadContext.useActorRef();
  const file = DiseaseUploadContext.useSelector((s) => s.context.file);
  const refused = DiseaseUploadContext.useSelector((s) => s.context.refused);
  const state = DiseaseUploadContext.useSelector((s) => s.value as string);
  const busy = DiseaseUploadContext.useSelector((s) => s.hasTag('busy'));
  const canAnalyse = DiseaseUploadContext.useSelector((s) => s.can({ type: 'disease.analyse' }));
  const canSendLater = DiseaseUploadContext.useSelector((s) => s.can({ type: 'disease.sendLater' }));
  const crop = DiseaseUploadContext.useSelector((s) => s.context.crop);
  const failure = DiseaseUploadContext.useSelector((s) => s.context.failure);
  const refusedWhy = DiseaseUploadContext.useSelector((s) => s.context.refusedWhy);
  const progress = DiseaseUploadContext.useSelector((s) => s.context.progress);
  const past = DiseaseUploadContext.useSelector((s) => s.context.past);
  const pastFailed = DiseaseUploadContext.useSelector((s) => s.context.pastFailed);
  const kb = (bytes: number) => intl.formatNumber(Math.round(bytes / 1024), { numberingSystem: 'latn' });
  const percent = progress && progress.total > 0 ? Math.round((progress.sent / progress.total) * 100) : 0;
  const sentAll = progress !== null && progress.total > 0 && progress.sent >= progress.total;
  const [dragging, setDragging] = useState(false);
  const previewUrl = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  // The object URL holds the photo in memory until revoked.
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  const choose = (f: File | undefined) => f && actor.send({ type: 'disease.fileChosen', file: f });
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    choose(e.dataTransfer.files[0]);
  };

  return (
    <section aria-labelledby="disease-title">
      <h1 id="disease-title">{intl.formatMessage(m.title)}</h1>
      <p className="tools-hint">{intl.formatMessage(m.hint)}</p>
      <div className="form-row">
        <label htmlFor="disease-crop">{intl.formatMessage(m.crop)}</label>
        <select
          id="disease-crop"
          value={crop}
          disabled={busy}
          onChange={(e) => actor.send({ type: 'disease.cropChosen', crop: e.currentTarget.value })}
        >
          <option value="">{intl.formatMessage(m.anyCrop)}</option>
          {CROP_CHOICES.map((c) => (
            <option key={c.id} value={c.id}>
              {intl.formatMessage(c.label)}
            </option>
          ))}
        </select>
      </div>
      {!file && !past && state !== 'preparing' && state !== 'openingPast' && (
        <label
          className="drop-zone"
          data-dragging={dragging}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <UploadIcon />
          <span>{intl.formatMessage(m.drop)}</span>
          <input
            type="file"
            accept="image/*"
            aria-label={intl.formatMessage(m.picker)}
            onChange={(e) => {
              choose(e.currentTarget.files?.[0]);
              e.currentTarget.value = '';
            }}
          />
        </label>
      )}
      {state === 'preparing' && (
        <p className="tools-hint" role="status" aria-busy="true">
          {intl.formatMessage(m.preparing)}
        </p>
      )}
      {refused && refusedWhy && (
        <p role="alert" className="banner banner-warn">
          {intl.formatMessage(refusedWhy === 'unreadable' ? unreadableMessage : onlyImagesMessage, { name: refused })}
        </p>
      )}
      {pastFailed && (
        <p role="alert" className="banner banner-error">
          <WarningIcon /> {intl.formatMessage(m.pastFailed)}
        </p>
      )}
      {past && (
        <div className="leaf-preview">
          <img src={past.thumbnail} alt="" />
          <span data-testid="past-date">
            {intl.formatMessage(pastOnMessage, {
              date: intl.formatDate(past.createdAt, { dateStyle: 'medium', timeStyle: 'short', numberingSystem: 'latn' }),
            })}
          </span>
          <button type="button" className="button button-quiet" onClick={() => actor.send({ type: 'disease.clear' })}>
            {intl.formatMessage(m.newPhoto)}
          </button>
        </div>
      )}
      {file && (
        <div className="leaf-preview">
          {previewUrl && (
            // A file that claims to be an image but is not shows no broken-image icon.
            <img src={previewUrl} alt={intl.formatMessage(m.preview)} onError={(e) => (e.currentTarget.hidden = true)} />
          )}
          <span data-testid="file-name">{file.name}</span>
          <span className="muted" data-testid="file-size">
            {intl.formatMessage(sizeMessage, { size: kb(file.size) })}
          </span>
          <button type="button" className="button button-quiet" disabled={busy} onClick={() => actor.send({ type: 'disease.clear' })}>
            {intl.formatMessage(m.chooseAnother)}
          </button>
        </div>
      )}
      {file && state === 'uploading' && (
        <div className="upload-progress" role="status">
          <progress
            max={100}
            value={percent}
            aria-label={intl.formatMessage(m.progressLabel)}
          />
          <span data-testid="upload-progress">
            {sentAll
              ? intl.formatMessage(m.analysing)
              : intl.formatMessage(uploadingMessage, {
                  percent: intl.formatNumber(percent, { numberingSystem: 'latn' }),
                  sent: kb(progress?.sent ?? 0),
                  total: kb(progress?.total ?? file.size),
                })}
          </span>
        </div>
      )}
      {state === 'queued' && (
        <p role="status" className="banner banner-info" data-testid="disease-queued">
          {intl.formatMessage(m.queued)}
        </p>
      )}
      {file && state !== 'result' && state !== 'failed' && state !== 'queued' && (
        <div className="tools-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={!canAnalyse}
            aria-busy={busy}
            onClick={() => actor.send({ type: 'disease.analyse' })}
          >
            {intl.formatMessage(busy ? m.analysing : m.analyse)}
          </button>
        </div>
      )}
      {state === 'error' && (
        <p role="alert" className="banner banner-error">
          <WarningIcon /> {intl.formatMessage(m.failed)}
          {failure && <span className="tools-reason">{failure}</span>}
        </p>
      )}
      {state === 'failed' && (
        <div role="alert" className="banner banner-error">
          <p>
            <WarningIcon /> {intl.formatMessage(m.uploadFailed)}
          </p>
          <div className="tools-actions">
            <button type="button" className="button button-primary" onClick={() => actor.send({ type: 'disease.retry' })}>
              {intl.formatMessage(m.retry)}
            </button>
            {canSendLater && (
              <button type="button" className="button" onClick={() => actor.send({ type: 'disease.sendLater' })}>
                {intl.formatMessage(m.sendLater)}
              </button>
            )}
          </div>
        </div>
      )}
      {state === 'result' && <DiseaseResultPanel />}
    </section>
  );
}
