/**
 * Villages and district headquarters of Maharashtra used by the demo world, with their real
 * approximate coordinates, and the crops each area is known for.
 */
export type Village = { village: string; district: string; pincode: string; lat: number; lng: number };

/** West Maharashtra (first coordinator) then Marathwada and Vidarbha (second coordinator). */
export const VILLAGES: Village[] = [
  { village: 'Shirur', district: 'Pune', pincode: '412210', lat: 18.826, lng: 74.374 },
  { village: 'Baramati', district: 'Pune', pincode: '413102', lat: 18.151, lng: 74.577 },
  { village: 'Niphad', district: 'Nashik', pincode: '422303', lat: 20.08, lng: 74.11 },
  { village: 'Pimpalgaon Baswant', district: 'Nashik', pincode: '422209', lat: 20.167, lng: 73.988 },
  { village: 'Rahuri', district: 'Ahmednagar', pincode: '413705', lat: 19.393, lng: 74.648 },
  { village: 'Sangamner', district: 'Ahmednagar', pincode: '422605', lat: 19.567, lng: 74.212 },
  { village: 'Koregaon', district: 'Satara', pincode: '415501', lat: 17.7, lng: 74.16 },
  { village: 'Tasgaon', district: 'Sangli', pincode: '416312', lat: 17.037, lng: 74.601 },
  { village: 'Kagal', district: 'Kolhapur', pincode: '416216', lat: 16.577, lng: 74.315 },
  { village: 'Sangola', district: 'Solapur', pincode: '413307', lat: 17.437, lng: 75.194 },
  { village: 'Paithan', district: 'Chhatrapati Sambhajinagar', pincode: '431107', lat: 19.476, lng: 75.385 },
  { village: 'Vaijapur', district: 'Chhatrapati Sambhajinagar', pincode: '423701', lat: 19.926, lng: 74.728 },
  { village: 'Ambad', district: 'Jalna', pincode: '431204', lat: 19.613, lng: 75.786 },
  { village: 'Majalgaon', district: 'Beed', pincode: '431131', lat: 19.15, lng: 76.208 },
  { village: 'Ausa', district: 'Latur', pincode: '413520', lat: 18.246, lng: 76.499 },
  { village: 'Nilanga', district: 'Latur', pincode: '413521', lat: 18.118, lng: 76.75 },
  { village: 'Achalpur', district: 'Amravati', pincode: '444806', lat: 21.257, lng: 77.51 },
  { village: 'Katol', district: 'Nagpur', pincode: '441302', lat: 21.27, lng: 78.586 },
  { village: 'Pusad', district: 'Yavatmal', pincode: '445204', lat: 19.913, lng: 77.573 },
  { village: 'Wani', district: 'Yavatmal', pincode: '445304', lat: 20.055, lng: 78.955 },
];

export const DISTRICT_HQ: Record<string, { lat: number; lng: number }> = {
  Pune: { lat: 18.52, lng: 73.856 },
  Nashik: { lat: 19.997, lng: 73.79 },
  Ahmednagar: { lat: 19.095, lng: 74.749 },
  Satara: { lat: 17.68, lng: 74.018 },
  Sangli: { lat: 16.853, lng: 74.581 },
  Kolhapur: { lat: 16.705, lng: 74.243 },
  Solapur: { lat: 17.659, lng: 75.906 },
  'Chhatrapati Sambhajinagar': { lat: 19.877, lng: 75.343 },
  Jalna: { lat: 19.841, lng: 75.886 },
  Beed: { lat: 18.989, lng: 75.76 },
  Latur: { lat: 18.408, lng: 76.56 },
  Amravati: { lat: 20.937, lng: 77.779 },
  Nagpur: { lat: 21.146, lng: 79.088 },
  Yavatmal: { lat: 20.389, lng: 78.13 },
};

export type Crop = 'soybean' | 'cotton' | 'sugarcane' | 'tur' | 'jowar' | 'onion' | 'grapes' | 'pomegranate' | 'wheat' | 'chana';

export const CROPS_BY_DISTRICT: Record<string, [Crop, Crop]> = {
  Pune: ['sugarcane', 'onion'],
  Nashik: ['grapes', 'onion'],
  Ahmednagar: ['onion', 'chana'],
  Satara: ['soybean', 'sugarcane'],
  Sangli: ['grapes', 'sugarcane'],
  Kolhapur: ['sugarcane', 'soybean'],
  Solapur: ['pomegranate', 'jowar'],
  'Chhatrapati Sambhajinagar': ['cotton', 'tur'],
  Jalna: ['cotton', 'soybean'],
  Beed: ['cotton', 'chana'],
  Latur: ['soybean', 'tur'],
  Amravati: ['cotton', 'soybean'],
  Nagpur: ['cotton', 'wheat'],
  Yavatmal: ['cotton', 'soybean'],
};

/** Variety, irrigation and yield per crop (quintal per acre, expected). */
export const CROP_INFO: Record<Crop, { varieties: string[]; irrigation: 'drip' | 'sprinkler' | 'flood' | 'canal' | 'manual'; yieldPerAcre: number; pricePerQuintal: number }> = {
  soybean: { varieties: ['JS 335', 'MACS 1188', 'Phule Sangam'], irrigation: 'sprinkler', yieldPerAcre: 9, pricePerQuintal: 4600 },
  cotton: { varieties: ['Bt RCH 659', 'Ajeet 155', 'NHH 44'], irrigation: 'drip', yieldPerAcre: 8, pricePerQuintal: 7000 },
  sugarcane: { varieties: ['Co 86032', 'CoM 0265', 'Co 92005'], irrigation: 'drip', yieldPerAcre: 400, pricePerQuintal: 315 },
  tur: { varieties: ['BSMR 736', 'Vipula', 'Godavari'], irrigation: 'manual', yieldPerAcre: 6, pricePerQuintal: 7500 },
  jowar: { varieties: ['Maldandi 35-1', 'Phule Vasudha', 'CSH 15R'], irrigation: 'manual', yieldPerAcre: 7, pricePerQuintal: 3200 },
  onion: { varieties: ['N-2-4-1', 'Bhima Super', 'Phule Samarth'], irrigation: 'sprinkler', yieldPerAcre: 100, pricePerQuintal: 1800 },
  grapes: { varieties: ['Thompson Seedless', 'Sharad Seedless', 'Sonaka'], irrigation: 'drip', yieldPerAcre: 100, pricePerQuintal: 4500 },
  pomegranate: { varieties: ['Bhagwa', 'Ganesh', 'Arakta'], irrigation: 'drip', yieldPerAcre: 50, pricePerQuintal: 8000 },
  wheat: { varieties: ['NIAW 301 (Trimbak)', 'HD 2189', 'Lokwan'], irrigation: 'flood', yieldPerAcre: 15, pricePerQuintal: 2400 },
  chana: { varieties: ['Vijay', 'Digvijay', 'JAKI 9218'], irrigation: 'sprinkler', yieldPerAcre: 7, pricePerQuintal: 5600 },
};

export const FARMER_NAMES = [
  'रमेश पाटील', 'सुनीता जाधव', 'गणेश शिंदे', 'विठ्ठल पवार', 'अनिता देशमुख',
  'संजय कदम', 'मीरा गायकवाड', 'प्रकाश मोरे', 'सविता भोसले', 'दत्तात्रय कुलकर्णी',
  'ज्ञानेश्वर सावंत', 'लक्ष्मी चव्हाण', 'बाळासाहेब थोरात', 'रुक्मिणी वाघ', 'शिवाजी डोंगरे',
  'कविता नाईक', 'नामदेव राऊत', 'सुरेखा ठाकरे', 'तुकाराम इंगळे', 'पार्वती खंडागळे',
];
