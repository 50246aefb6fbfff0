/**
 * The advice rules. Each looks at the latest sensor reading, the weather and the crop's stage and
 * may produce one insight, with its text in three languages and the numbers it used.
 * Thresholds and their reasons:
 * - moisture below the field's own low threshold (spec default 25 %) = water stress;
 *   above 80 % on black soil = waterlogging, roots starve of air;
 * - 10 mm of rain in 48 h wets the root zone of most field crops enough to skip one irrigation;
 * - 35 °C is where flower drop and pollen sterility begin in soybean, cotton and tur; 40 °C is severe;
 * - fungal leaf diseases (blight, mildew, rust) spread when RH ≥ 85 % and 20–30 °C hold for hours;
 * - nitrogen top-dressing windows at ~30 and ~60 days after sowing (MPKV/VNMKV packages);
 * - a sensor silent for longer than the field's offline limit (default 120 min) means blind irrigation.
 */
import { translated as t } from '../../lib/errors';
import type { FieldForAdvice, Insight, LatestReading, Priority, Weather } from './types';

export type AdviceInput = { now: Date; field: FieldForAdvice; latest: LatestReading; weather: Weather };
type Draft = Omit<Insight, 'timestamp'>;

export const WATERLOGGED_ABOVE = 80;
export const RAIN_SKIPS_IRRIGATION_MM = 10;
export const HEAT_SEVERE = 40;
export const FUNGAL_RH = 85;

const fmt = (x: number, digits = 0) => x.toFixed(digits);
const insight = (id: string, type: Insight['type'], priority: Priority, message: Insight['message'], basis: Insight['basis']): Draft => ({
  id, type, priority, message, basis,
});

export function sensorOffline({ now, field, latest }: AdviceInput): Draft | null {
  const minutes = latest ? (now.getTime() - latest.at.getTime()) / 60_000 : null;
  if (minutes !== null && minutes <= field.offlineAfterMinutes) return null;
  const hours = minutes === null ? null : Math.round(minutes / 60);
  const message =
    hours === null
      ? t('No sensor reading has arrived from this field yet. Check the sensor and its battery.', 'या शेतातून अद्याप सेन्सरची नोंद आलेली नाही. सेन्सर व त्याची बॅटरी तपासा.', 'इस खेत से अभी तक सेंसर की कोई रीडिंग नहीं आई है। सेंसर और उसकी बैटरी जाँचें।')
      : t(`The field sensor has been silent for ${hours} hours. Check the sensor and its battery; until then, judge moisture by hand.`, `शेतातील सेन्सर ${hours} तासांपासून बंद आहे. सेन्सर व बॅटरी तपासा; तोपर्यंत ओलावा हाताने तपासा.`, `खेत का सेंसर ${hours} घंटे से बंद है। सेंसर और बैटरी जाँचें; तब तक नमी हाथ से जाँचें।`);
  return insight('sensor-offline', 'alert', hours === null || hours >= 24 ? 'high' : 'medium', message, {
    minutesSinceReading: minutes === null ? null : Math.round(minutes),
    offlineAfterMinutes: field.offlineAfterMinutes,
  });
}

export function irrigation({ field, latest, weather }: AdviceInput): Draft | null {
  const m = latest?.moisture;
  if (m === null || m === undefined) return null;
  const basis = { moisture: m, moistureLow: field.moistureLow, rainChance: weather.rainChance, rainMmNext48h: weather.rainMmNext48h };
  const rainComing = weather.rainChance >= 60 && weather.rainMmNext48h >= RAIN_SKIPS_IRRIGATION_MM;
  if (m < field.moistureLow && rainComing) {
    return insight('wait-for-rain', 'recommendation', 'medium', t(
      `Soil moisture is low (${fmt(m)} %), but ${fmt(weather.rainMmNext48h)} mm of rain is expected in 48 hours (${fmt(weather.rainChance)} % chance). Wait for the rain; irrigate only if it does not come.`,
      `जमिनीतील ओलावा कमी आहे (${fmt(m)} %), पण 48 तासांत ${fmt(weather.rainMmNext48h)} मिमी पावसाची शक्यता आहे (${fmt(weather.rainChance)} %). पावसाची वाट पहा; पाऊस न आल्यासच पाणी द्या.`,
      `मिट्टी की नमी कम है (${fmt(m)} %), पर 48 घंटों में ${fmt(weather.rainMmNext48h)} मिमी बारिश की संभावना है (${fmt(weather.rainChance)} %)। बारिश का इंतज़ार करें; न आए तभी सिंचाई करें।`,
    ), basis);
  }
  if (m < field.moistureLow) {
    return insight('irrigate-now', 'alert', 'high', t(
      `Soil moisture is ${fmt(m)} %, below the ${fmt(field.moistureLow)} % limit, and little rain is expected. Irrigate today, preferably in the morning or evening.`,
      `जमिनीतील ओलावा ${fmt(m)} % आहे, ${fmt(field.moistureLow)} % मर्यादेपेक्षा कमी, आणि पावसाची शक्यता कमी आहे. आजच पाणी द्या, शक्यतो सकाळी किंवा संध्याकाळी.`,
      `मिट्टी की नमी ${fmt(m)} % है, ${fmt(field.moistureLow)} % सीमा से कम, और बारिश की संभावना कम है। आज ही सिंचाई करें, हो सके तो सुबह या शाम।`,
    ), basis);
  }
  if (m > WATERLOGGED_ABOVE) {
    return insight('waterlogging', 'recommendation', 'medium', t(
      `Soil moisture is ${fmt(m)} %: the soil is waterlogged. Do not irrigate; open drainage furrows so the roots get air.`,
      `जमिनीतील ओलावा ${fmt(m)} % आहे: जमिनीत पाणी साचले आहे. पाणी देऊ नका; मुळांना हवा मिळावी म्हणून निचऱ्याचे चर काढा.`,
      `मिट्टी की नमी ${fmt(m)} % है: खेत में जलभराव है। सिंचाई न करें; जड़ों को हवा मिले इसलिए जल निकास नालियाँ खोलें।`,
    ), { ...basis, waterloggedAbove: WATERLOGGED_ABOVE });
  }
  if (m < field.moistureLow + 10 && !rainComing) {
    return insight('irrigate-soon', 'recommendation', 'low', t(
      `Soil moisture is ${fmt(m)} % and falling towards the ${fmt(field.moistureLow)} % limit. Plan an irrigation within two days.`,
      `जमिनीतील ओलावा ${fmt(m)} % असून ${fmt(field.moistureLow)} % मर्यादेकडे घटत आहे. दोन दिवसांत पाणी देण्याचे नियोजन करा.`,
      `मिट्टी की नमी ${fmt(m)} % है और ${fmt(field.moistureLow)} % सीमा की ओर घट रही है। दो दिन में सिंचाई की योजना बनाएँ।`,
    ), basis);
  }
  return null;
}

export function heatStress({ field, latest, weather }: AdviceInput): Draft | null {
  const hottest = Math.max(weather.maxTemperatureNext3d, latest?.temperature ?? -Infinity);
  if (hottest < field.temperatureHigh) return null;
  const severe = hottest >= HEAT_SEVERE;
  return insight('heat-stress', severe ? 'alert' : 'recommendation', severe ? 'high' : 'medium', t(
    `Heat stress: up to ${fmt(hottest)} °C expected. Give light, frequent irrigation in the morning or evening, mulch the soil, and avoid spraying in the afternoon.`,
    `उष्णतेचा ताण: ${fmt(hottest)} °से पर्यंत तापमानाची शक्यता. सकाळी किंवा संध्याकाळी कमी पण वारंवार पाणी द्या, आच्छादन करा आणि दुपारी फवारणी टाळा.`,
    `गर्मी का तनाव: ${fmt(hottest)} °से तक तापमान की संभावना। सुबह या शाम कम पर बार-बार सिंचाई करें, मल्चिंग करें और दोपहर में छिड़काव न करें।`,
  ), { maxTemperature: hottest, temperatureHigh: field.temperatureHigh, severeAbove: HEAT_SEVERE });
}

export function fungalRisk({ weather }: AdviceInput): Draft | null {
  const { humidity: rh, temperature: temp } = weather;
  const high = rh >= FUNGAL_RH && temp >= 20 && temp <= 30;
  const medium = rh >= 75 && temp >= 18 && temp <= 32;
  if (!high && !medium) return null;
  return insight('fungal-risk', high ? 'alert' : 'recommendation', high ? 'high' : 'medium', t(
    `Fungal disease risk: humidity ${fmt(rh)} % at ${fmt(temp)} °C favours blight, mildew and rust. Scout the leaves today; if spots appear, spray a protective fungicide such as mancozeb 2.5 g per litre.`,
    `बुरशीजन्य रोगाचा धोका: ${fmt(temp)} °से तापमानात ${fmt(rh)} % आर्द्रता करपा, भुरी व तांबेरा यांना पोषक आहे. आजच पानांची पाहणी करा; ठिपके दिसल्यास मॅन्कोझेब 2.5 ग्रॅम प्रति लिटरसारखे संरक्षक बुरशीनाशक फवारा.`,
    `फफूंद रोग का खतरा: ${fmt(temp)} °से पर ${fmt(rh)} % नमी झुलसा, फफूंदी और रतुआ के अनुकूल है। आज पत्तियों का निरीक्षण करें; धब्बे दिखें तो मैंकोजेब 2.5 ग्राम प्रति लीटर जैसा रक्षक फफूंदनाशक छिड़कें।`,
  ), { humidity: rh, temperature: temp, humidityHigh: FUNGAL_RH });
}

/** Days since planting, when the field records it. */
export const daysSincePlanting = (plantedDate: string | null, now: Date) =>
  plantedDate ? Math.floor((now.getTime() - new Date(`${plantedDate}T00:00:00Z`).getTime()) / 86_400_000) : null;

const TOP_DRESS_WINDOWS: [number, number][] = [[25, 35], [55, 65]];

export function fertiliserTiming({ now, field, weather }: AdviceInput): Draft | null {
  const days = daysSincePlanting(field.plantedDate, now);
  if (days === null || !['planted', 'growing'].includes(field.cropStatus)) return null;
  if (!TOP_DRESS_WINDOWS.some(([a, b]) => days >= a && days <= b)) return null;
  const crop = field.cropName ?? '';
  const basis = { daysSincePlanting: days, rainMmNext48h: weather.rainMmNext48h, crop };
  if (weather.rainMmNext48h >= 25) {
    return insight('fertiliser-wait', 'recommendation', 'low', t(
      `Day ${days} after sowing is nitrogen top-dressing time, but ${fmt(weather.rainMmNext48h)} mm of rain is expected: apply urea after the heavy rain so it is not washed away.`,
      `पेरणीनंतर ${days} वा दिवस हा नत्राचा वरखत देण्याचा काळ आहे, पण ${fmt(weather.rainMmNext48h)} मिमी पावसाची शक्यता आहे: युरिया वाहून जाऊ नये म्हणून जोरदार पावसानंतर द्या.`,
      `बुवाई के बाद ${days}वाँ दिन नाइट्रोजन टॉप ड्रेसिंग का समय है, पर ${fmt(weather.rainMmNext48h)} मिमी बारिश की संभावना है: यूरिया बह न जाए इसलिए भारी बारिश के बाद डालें।`,
    ), basis);
  }
  return insight('fertiliser-now', 'recommendation', 'medium', t(
    `Day ${days} after sowing: time for the nitrogen top-dressing as per your soil health card. Apply when the soil is moist, not before heavy rain.`,
    `पेरणीनंतर ${days} वा दिवस: मृदा आरोग्य पत्रिकेनुसार नत्राचा वरखत देण्याची वेळ. जमिनीत ओल असताना द्या, जोरदार पावसाच्या आधी नको.`,
    `बुवाई के बाद ${days}वाँ दिन: मृदा स्वास्थ्य कार्ड के अनुसार नाइट्रोजन टॉप ड्रेसिंग का समय। मिट्टी नम हो तब डालें, भारी बारिश से पहले नहीं।`,
  ), basis);
}

export function sprayWindow({ weather }: AdviceInput): Draft | null {
  if (weather.rainChance < 70) return null;
  return insight('no-spray', 'recommendation', 'low', t(
    `Rain is likely today (${fmt(weather.rainChance)} %). Postpone pesticide and fertiliser sprays; rain would wash them off.`,
    `आज पावसाची शक्यता आहे (${fmt(weather.rainChance)} %). कीटकनाशक व खतांची फवारणी पुढे ढकला; पावसाने ती धुऊन जाईल.`,
    `आज बारिश की संभावना है (${fmt(weather.rainChance)} %)। कीटनाशक और उर्वरक का छिड़काव टालें; बारिश उसे धो देगी।`,
  ), { rainChance: weather.rainChance });
}

export const RULES = [sensorOffline, irrigation, heatStress, fungalRisk, fertiliserTiming, sprayWindow];
