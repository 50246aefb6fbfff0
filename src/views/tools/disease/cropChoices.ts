/** Crops the disease knowledge base has specific entries for (server/src/domain/disease/knowledge/diseases.json). */
import { cropMessages } from '@/views/ui/cropLabels';

const DISEASE_CROPS = ['soybean', 'groundnut', 'pomegranate', 'rice', 'tomato', 'potato', 'wheat', 'grape', 'chilli'] as const;

export const CROP_CHOICES = DISEASE_CROPS.map((id) => ({ id, label: cropMessages[id] }));
