/** The analysis result: disease, severity dots (1–5), confidence %, treatment and prevention lists. */
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { DiseaseUploadContext } from '@/machines/diseaseUpload.context';
import { RateButtons } from '@/views/ui/RateButtons';

const m = defineMessages({
  heading: { id: 'disease.result', defaultMessage: 'Result' },
  severity: { id: 'disease.severity', defaultMessage: 'Severity' },
  confidence: { id: 'disease.confidence', defaultMessage: 'Confidence' },
  treatment: { id: 'disease.treatment', defaultMessage: 'Treatment' },
  prevention: { id: 'disease.prevention', defaultMessage: 'Prevention' },
  methodColour: { id: 'disease.method.colour', defaultMessage: 'Offline colour and texture analysis of the photo. Confirm with your Krishi Sahayak before spraying.' },
  methodModel: { id: 'disease.method.model', defaultMessage: 'Identified by the image model configured on this server.' },
});
const severityValueMessage = defineMessage<{ value: number }>({ id: 'disease.severityValue', defaultMessage: 'Severity {value} of 5' });
const affectedMessage = defineMessage<{ value: string }>({ id: 'disease.affected', defaultMessage: 'Affected leaf area: {value} %' });
const lookalikesMessage = defineMessage<{ names: string }>({ id: 'disease.lookalikes', defaultMessage: 'On specific crops this may be: {names}' });

/** Spec section 9: confidence colours 80 and above green, 60–79 yellow, below 60 red. */
const confidenceLevel = (c: number) => (c >= 80 ? 'high' : c >= 60 ? 'medium' : 'low');

export function DiseaseResultPanel() {
  const intl = useIntl();
  const result = DiseaseUploadContext.useSelector((s) => s.context.result);
  const pastId = DiseaseUploadContext.useSelector((s) => s.context.past?._id);
  if (!result) return null;
  const diagnosisId = pastId ?? result.diagnosisId;
  const latn = { numberingSystem: 'latn' } as const;
  return (
    <section className="tools-section" aria-labelledby="disease-result">
      <h2 id="disease-result">{intl.formatMessage(m.heading)}</h2>
      <p>
        <strong data-testid="disease-name">{result.disease}</strong>
        {result.scientificName && <em> ({result.scientificName})</em>}
      </p>
      <p>
        {intl.formatMessage(m.severity)}:{' '}
        <span className="severity-dots" role="img" aria-label={intl.formatMessage(severityValueMessage, { value: result.severity })}>
          {[1, 2, 3, 4, 5].map((i) => (
            <span key={i} data-filled={i <= result.severity} />
          ))}
        </span>
      </p>
      <p>
        {intl.formatMessage(m.confidence)}:{' '}
        <strong className="confidence" data-level={confidenceLevel(result.confidence)}>
          {intl.formatNumber(result.confidence, latn)} %
        </strong>
      </p>
      <p className="tools-hint">{intl.formatMessage(affectedMessage, { value: intl.formatNumber(result.measured.affectedPercent, latn) })}</p>
      <h3>{intl.formatMessage(m.treatment)}</h3>
      <ul>
        {result.treatment.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      <h3>{intl.formatMessage(m.prevention)}</h3>
      <ul>
        {result.prevention.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      {result.possibleDiseases.length > 0 && (
        <p className="tools-hint">{intl.formatMessage(lookalikesMessage, { names: result.possibleDiseases.join(', ') })}</p>
      )}
      <p className="tools-estimated">{intl.formatMessage(result.method === 'onnx-model' ? m.methodModel : m.methodColour)}</p>
      {diagnosisId && (
        <p>
          <RateButtons key={diagnosisId} kind="disease" subjectId={diagnosisId} />
        </p>
      )}
    </section>
  );
}
