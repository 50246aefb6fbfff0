/** Crops the disease knowledge base has specific entries for (server/src/domain/disease/knowledge/diseases.json). */
import { defineMessages } from 'react-intl';

const m = defineMessages({
  soybean: { id: 'crop.soybean', defaultMessage: 'Soybean' },
  groundnut: { id: 'crop.groundnut', defaultMessage: 'Groundnut' },
  pomegranate: { id: 'crop.pomegranate', defaultMessage: 'Pomegranate' },
  rice: { id: 'crop.rice', defaultMessage: 'Rice' },
  tomato: { id: 'crop.tomato', defaultMessage: 'Tomato' },
  potato: { id: 'crop.potato', defaultMessage: 'Potato' },
  wheat: { id: 'crop.wheat', defaultMessage: 'Wheat' },
  grape: { id: 'crop.grape', defaultMessage: 'Grape' },
  chilli: { id: 'crop.chilli', defaultMessage: 'Chilli' },
});

export const CROP_CHOICES = (Object.keys(m) as (keyof typeof m)[]).map((id) => ({ id, label: m[id] }));
