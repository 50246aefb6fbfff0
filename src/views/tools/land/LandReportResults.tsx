/**
 * The generated report: location analysis, soil score and rows, crop recommendations and tips. `ReportSections`
 * shows a given report (the land report machine's, or the one kept on the phone, shown offline).
 */
import { Fragment } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { LandReportContext } from '@/machines/landReport.context';
import type { LandReport } from '../../../../contracts/land';

const m = defineMessages({
  location: { id: 'land.locationAnalysis', defaultMessage: 'Location analysis' },
  region: { id: 'land.region', defaultMessage: 'Region' },
  district: { id: 'land.district', defaultMessage: 'District' },
  climate: { id: 'land.climate', defaultMessage: 'Climate' },
  soilType: { id: 'land.soilType', defaultMessage: 'Soil type' },
  market: { id: 'land.marketAdvantages', defaultMessage: 'Market advantages' },
  soil: { id: 'land.soilHealth', defaultMessage: 'Soil health' },
  score: { id: 'land.score', defaultMessage: 'Soil health score' },
  parameter: { id: 'land.parameter', defaultMessage: 'Parameter' },
  value: { id: 'land.value', defaultMessage: 'Value' },
  status: { id: 'land.status', defaultMessage: 'Status' },
  crops: { id: 'land.crops', defaultMessage: 'Recommended crops' },
  crop: { id: 'land.crop', defaultMessage: 'Crop' },
  suitability: { id: 'land.suitability', defaultMessage: 'Suitability' },
  season: { id: 'land.season', defaultMessage: 'Season' },
  category: { id: 'land.category', defaultMessage: 'Category' },
  marketPotential: { id: 'land.marketPotential', defaultMessage: 'Market potential' },
  investment: { id: 'land.investment', defaultMessage: 'Investment required' },
  tips: { id: 'land.tips', defaultMessage: 'Additional recommendations' },
});
const ratedByMessage = defineMessage<{ table: string }>({ id: 'land.ratedBy', defaultMessage: 'Rated with: {table}' });

export function LandReportResults() {
  const report = LandReportContext.useSelector((s) => s.context.report);
  return report ? <ReportSections report={report} /> : null;
}

export function ReportSections({ report }: { report: LandReport }) {
  const intl = useIntl();
  const { locationAnalysis: la, soilAnalysis: sa } = report;
  const rows = [sa.ph, sa.nitrogen, sa.phosphorus, sa.potassium, sa.organicMatter].filter((r) => r !== undefined);
  return (
    <>
      <section className="tools-section" aria-labelledby="land-location">
        <h2 id="land-location">{intl.formatMessage(m.location)}</h2>
        <dl className="facts">
          <dt>{intl.formatMessage(m.region)}</dt>
          <dd>{la.region}</dd>
          {la.district && (
            <>
              <dt>{intl.formatMessage(m.district)}</dt>
              <dd>{la.district}</dd>
            </>
          )}
          <dt>{intl.formatMessage(m.climate)}</dt>
          <dd>{la.climate}</dd>
          <dt>{intl.formatMessage(m.soilType)}</dt>
          <dd>{la.soilType}</dd>
        </dl>
        {la.marketAdvantages.length > 0 && (
          <>
            <h3>{intl.formatMessage(m.market)}</h3>
            <ul>
              {la.marketAdvantages.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
          </>
        )}
        <ul>
          {la.recommendations.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      </section>
      <section className="tools-section" aria-labelledby="land-soil">
        <h2 id="land-soil">{intl.formatMessage(m.soil)}</h2>
        <div className="soil-score" data-level={sa.healthKey} data-testid="soil-score">
          <strong>{sa.overallScore}</strong>
          <span>
            {intl.formatMessage(m.score)} · {sa.overallHealth}
          </span>
        </div>
        <p className="tools-hint">{intl.formatMessage(ratedByMessage, { table: sa.ratingTable.name })}</p>
        <table className="tools-table">
          <thead>
            <tr>
              <th>{intl.formatMessage(m.parameter)}</th>
              <th>{intl.formatMessage(m.value)}</th>
              <th>{intl.formatMessage(m.status)}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label}>
                <td>{r.label}</td>
                <td>
                  {r.value} {r.unit}
                </td>
                <td>{r.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="tools-section" aria-labelledby="land-crops">
        <h2 id="land-crops">{intl.formatMessage(m.crops)}</h2>
        <div className="tools-scroll">
        <table className="tools-table">
          <thead>
            <tr>
              <th>{intl.formatMessage(m.crop)}</th>
              <th>{intl.formatMessage(m.suitability)}</th>
              <th>{intl.formatMessage(m.season)}</th>
              <th>{intl.formatMessage(m.category)}</th>
              <th>{intl.formatMessage(m.marketPotential)}</th>
              <th>{intl.formatMessage(m.investment)}</th>
            </tr>
          </thead>
          <tbody>
            {report.cropRecommendations.map((c) => (
              <Fragment key={c.id}>
                <tr className="crop-main">
                  <td>{c.name}</td>
                  <td>{c.suitability} %</td>
                  <td>{c.season}</td>
                  <td>{c.category}</td>
                  <td>{c.marketPotential}</td>
                  <td>{c.investmentRequired}</td>
                </tr>
                <tr className="crop-reason">
                  <td colSpan={6}>{c.reason}</td>
                </tr>
              </Fragment>
            ))}
          </tbody>
        </table>
        </div>
      </section>
      <section className="tools-section" aria-labelledby="land-tips">
        <h2 id="land-tips">{intl.formatMessage(m.tips)}</h2>
        <ul>
          {report.additionalRecommendations.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
