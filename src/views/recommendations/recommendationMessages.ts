/** Every string of the AI Crop Recommendations screen (spec sections 2 and 8 wording where it gives one). */
import { defineMessages } from 'react-intl';

export const m = defineMessages({
  title: { id: 'route.aiRecommendations', defaultMessage: 'AI Crop Recommendations' },
  ruleBased: {
    id: 'recs.ruleBased',
    defaultMessage:
      "These recommendations are rule-based, not from a language model: they come from the field's soil test (pH, N, P, K), its district, the current season and recent soil moisture. Yields and prices are indicative.",
  },
  statTotal: { id: 'recs.stat.total', defaultMessage: 'Total Recommendations' },
  statImplemented: { id: 'recs.stat.implemented', defaultMessage: 'Implemented' },
  statRate: { id: 'recs.stat.rate', defaultMessage: 'Implementation Rate' },
  statAccuracy: { id: 'recs.stat.accuracy', defaultMessage: 'AI Accuracy' },
  accuracyNote: { id: 'recs.stat.accuracyNote', defaultMessage: 'Fixed figure given by the product spec, not measured' },
  fieldLabel: { id: 'recs.field.label', defaultMessage: 'Field' },
  allFields: { id: 'recs.field.all', defaultMessage: 'All fields' },
  generateOpen: { id: 'recs.generate.open', defaultMessage: 'Generate New Recommendation' },
  refresh: { id: 'recs.refresh', defaultMessage: 'Refresh' },
  dialogFor: { id: 'recs.dialog.for', defaultMessage: 'Field: {name}' },
  dialogNoField: { id: 'recs.dialog.noField', defaultMessage: 'No field chosen. Choose one in the field selector.' },
  generate: { id: 'recs.dialog.generate', defaultMessage: 'Generate' },
  generating: { id: 'recs.dialog.generating', defaultMessage: 'Generating…' },
  cancel: { id: 'recs.dialog.cancel', defaultMessage: 'Cancel' },
  noField: { id: 'recs.error.noField', defaultMessage: 'Please select a field first' },
  generateFailed: { id: 'recs.error.generate', defaultMessage: 'Failed to generate recommendation' },
  fetchFailed: { id: 'recs.error.fetch', defaultMessage: 'Failed to fetch recommendations' },
  statusFailed: { id: 'recs.error.status', defaultMessage: 'Failed to update status' },
  generated: { id: 'recs.generated', defaultMessage: '{count, plural, one {Generated # new recommendation!} other {Generated # new recommendations!}}' },
  dismiss: { id: 'recs.dismiss', defaultMessage: 'Dismiss' },
  loading: { id: 'recs.loading', defaultMessage: 'Loading recommendations…' },
  emptyTitle: { id: 'recs.empty.title', defaultMessage: 'No Recommendations Yet' },
  emptyHint: { id: 'recs.empty.hint', defaultMessage: 'Choose a field and generate recommendations from its soil test.' },
  confidence: { id: 'recs.card.confidence', defaultMessage: 'Confidence' },
  expectedYield: { id: 'recs.card.expectedYield', defaultMessage: 'Expected yield' },
  yieldValue: { id: 'recs.card.yieldValue', defaultMessage: '{value} quintal' },
  plantingDate: { id: 'recs.card.plantingDate', defaultMessage: 'Planting date' },
  price: { id: 'recs.card.price', defaultMessage: 'Market price' },
  priceValue: { id: 'recs.card.priceValue', defaultMessage: '₹{price} per ton' },
  risks: { id: 'recs.card.risks', defaultMessage: 'Risk factors' },
  actions: { id: 'recs.card.actions', defaultMessage: 'Action items' },
  cost: { id: 'recs.card.cost', defaultMessage: '₹{cost}' },
  approve: { id: 'recs.card.approve', defaultMessage: 'Approve' },
  reject: { id: 'recs.card.reject', defaultMessage: 'Reject' },
  implement: { id: 'recs.card.implement', defaultMessage: 'Mark Implemented' },
});

export const STATUS = defineMessages({
  pending: { id: 'recs.status.pending', defaultMessage: 'Pending' },
  approved: { id: 'recs.status.approved', defaultMessage: 'Approved' },
  rejected: { id: 'recs.status.rejected', defaultMessage: 'Rejected' },
  implemented: { id: 'recs.status.implemented', defaultMessage: 'Implemented' },
});

export const LEVEL = defineMessages({
  low: { id: 'recs.level.low', defaultMessage: 'Low' },
  medium: { id: 'recs.level.medium', defaultMessage: 'Medium' },
  high: { id: 'recs.level.high', defaultMessage: 'High' },
  critical: { id: 'recs.level.critical', defaultMessage: 'Critical' },
});

export const SEASON = defineMessages({
  kharif: { id: 'recs.season.kharif', defaultMessage: 'Kharif' },
  rabi: { id: 'recs.season.rabi', defaultMessage: 'Rabi' },
  summer: { id: 'recs.season.summer', defaultMessage: 'Summer' },
});
