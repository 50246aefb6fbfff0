/**
 * Monthly climate normals per region of Maharashtra, used when no forecast service is configured.
 * Rounded from IMD 1991–2020 station normals for a representative station of each region
 * (Konkan: Ratnagiri/Mumbai, western: Pune, north: Jalgaon/Nashik, Marathwada: Aurangabad,
 * Vidarbha: Nagpur). Index 0 = January.
 */
import type { RegionId } from '../../domain/land/regions';

export type MonthlyNormals = { meanTempC: number[]; meanRh: number[]; rainMm: number[] };

export const NORMALS: Record<RegionId, MonthlyNormals> = {
  konkan: {
    meanTempC: [24, 25, 27, 28.5, 30, 28.5, 27.5, 27, 27.5, 28.5, 27.5, 25.5],
    meanRh: [65, 65, 68, 70, 72, 82, 87, 86, 82, 76, 67, 65],
    rainMm: [1, 0, 0, 2, 15, 550, 850, 550, 330, 80, 15, 3],
  },
  western: {
    meanTempC: [21, 23, 26, 29, 29.5, 26.5, 24.5, 24, 24.5, 25, 22.5, 20.5],
    meanRh: [55, 45, 38, 40, 55, 75, 85, 85, 80, 65, 55, 55],
    rainMm: [1, 0, 3, 12, 35, 160, 190, 130, 130, 80, 25, 5],
  },
  north: {
    meanTempC: [21, 23.5, 27.5, 31.5, 33.5, 30, 27, 26.5, 27, 26.5, 23, 20.5],
    meanRh: [50, 40, 32, 30, 35, 62, 78, 80, 75, 58, 50, 52],
    rainMm: [3, 2, 3, 4, 12, 135, 210, 185, 130, 50, 15, 5],
  },
  marathwada: {
    meanTempC: [20.5, 23, 26.5, 30, 31.5, 28, 25.5, 25, 25.5, 25.5, 22.5, 20],
    meanRh: [50, 40, 32, 30, 38, 65, 78, 80, 76, 60, 52, 52],
    rainMm: [5, 3, 5, 8, 20, 140, 170, 170, 190, 60, 25, 8],
  },
  vidarbha: {
    meanTempC: [21, 24, 28.5, 32.5, 35, 31, 27.5, 27, 27.5, 26, 23, 20.5],
    meanRh: [55, 45, 35, 30, 35, 60, 80, 82, 78, 65, 55, 55],
    rainMm: [15, 20, 15, 10, 15, 170, 310, 280, 180, 60, 15, 10],
  },
};

/** Half the typical day–night swing: the afternoon is this much above the mean, dawn this much below. */
export const HALF_DIURNAL_RANGE_C = 5;
