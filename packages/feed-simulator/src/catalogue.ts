/*
 * Names for the simulator: real competitions, clubs, players and venues, so the lists look like the
 * market the product serves. Ratings are rough, on a 0–100 scale, and only shape the odds.
 */

export interface Team {
  name: string;
  short: string;
  rating: number;
  venue: string;
}

export const ISL: readonly Team[] = [
  { name: 'Mohun Bagan Super Giant', short: 'MBSG', rating: 78, venue: 'Salt Lake Stadium, Kolkata' },
  { name: 'East Bengal FC', short: 'EBFC', rating: 64, venue: 'Salt Lake Stadium, Kolkata' },
  { name: 'Bengaluru FC', short: 'BFC', rating: 70, venue: 'Sree Kanteerava Stadium, Bengaluru' },
  { name: 'Mumbai City FC', short: 'MCFC', rating: 74, venue: 'Mumbai Football Arena' },
  { name: 'Kerala Blasters FC', short: 'KBFC', rating: 68, venue: 'Jawaharlal Nehru Stadium, Kochi' },
  { name: 'FC Goa', short: 'FCG', rating: 72, venue: 'Fatorda Stadium, Margao' },
  { name: 'Chennaiyin FC', short: 'CFC', rating: 62, venue: 'Jawaharlal Nehru Stadium, Chennai' },
  { name: 'Odisha FC', short: 'OFC', rating: 66, venue: 'Kalinga Stadium, Bhubaneswar' },
  { name: 'Jamshedpur FC', short: 'JFC', rating: 63, venue: 'JRD Tata Sports Complex, Jamshedpur' },
  {
    name: 'NorthEast United FC',
    short: 'NEUFC',
    rating: 65,
    venue: 'Indira Gandhi Athletic Stadium, Guwahati',
  },
  { name: 'Punjab FC', short: 'PFC', rating: 61, venue: 'Jawaharlal Nehru Stadium, Delhi' },
  { name: 'Mohammedan SC', short: 'MSC', rating: 55, venue: 'Kishore Bharati Krirangan, Kolkata' },
];

export const EUROPEAN_LEAGUES: readonly { competition: string; teams: readonly Team[] }[] = [
  {
    competition: 'English Premier League',
    teams: [
      { name: 'Arsenal', short: 'ARS', rating: 86, venue: 'Emirates Stadium, London' },
      { name: 'Manchester City', short: 'MCI', rating: 87, venue: 'Etihad Stadium, Manchester' },
      { name: 'Liverpool', short: 'LIV', rating: 88, venue: 'Anfield, Liverpool' },
      { name: 'Chelsea', short: 'CHE', rating: 82, venue: 'Stamford Bridge, London' },
      { name: 'Manchester United', short: 'MUN', rating: 76, venue: 'Old Trafford, Manchester' },
      { name: 'Tottenham Hotspur', short: 'TOT', rating: 77, venue: 'Tottenham Hotspur Stadium, London' },
      { name: 'Newcastle United', short: 'NEW', rating: 80, venue: "St James' Park, Newcastle" },
      { name: 'Aston Villa', short: 'AVL', rating: 79, venue: 'Villa Park, Birmingham' },
    ],
  },
  {
    competition: 'Spanish La Liga',
    teams: [
      { name: 'Real Madrid', short: 'RMA', rating: 89, venue: 'Santiago Bernabéu, Madrid' },
      { name: 'Barcelona', short: 'BAR', rating: 88, venue: 'Estadi Olímpic Lluís Companys, Barcelona' },
      { name: 'Atletico Madrid', short: 'ATM', rating: 83, venue: 'Riyadh Air Metropolitano, Madrid' },
      { name: 'Athletic Bilbao', short: 'ATH', rating: 78, venue: 'San Mamés, Bilbao' },
      { name: 'Villarreal', short: 'VIL', rating: 76, venue: 'Estadio de la Cerámica, Villarreal' },
      { name: 'Real Sociedad', short: 'RSO', rating: 74, venue: 'Reale Arena, San Sebastián' },
    ],
  },
  {
    competition: 'Italian Serie A',
    teams: [
      { name: 'Inter', short: 'INT', rating: 85, venue: 'San Siro, Milan' },
      { name: 'Napoli', short: 'NAP', rating: 83, venue: 'Stadio Diego Armando Maradona, Naples' },
      { name: 'Juventus', short: 'JUV', rating: 80, venue: 'Allianz Stadium, Turin' },
      { name: 'AC Milan', short: 'MIL', rating: 79, venue: 'San Siro, Milan' },
      { name: 'Atalanta', short: 'ATA', rating: 80, venue: 'Gewiss Stadium, Bergamo' },
      { name: 'Roma', short: 'ROM', rating: 77, venue: 'Stadio Olimpico, Rome' },
    ],
  },
  {
    competition: 'German Bundesliga',
    teams: [
      { name: 'Bayern Munich', short: 'BAY', rating: 88, venue: 'Allianz Arena, Munich' },
      { name: 'Bayer Leverkusen', short: 'B04', rating: 83, venue: 'BayArena, Leverkusen' },
      { name: 'Borussia Dortmund', short: 'BVB', rating: 81, venue: 'Signal Iduna Park, Dortmund' },
      { name: 'RB Leipzig', short: 'RBL', rating: 79, venue: 'Red Bull Arena, Leipzig' },
      { name: 'Eintracht Frankfurt', short: 'SGE', rating: 76, venue: 'Deutsche Bank Park, Frankfurt' },
      { name: 'VfB Stuttgart', short: 'VFB', rating: 77, venue: 'MHPArena, Stuttgart' },
    ],
  },
];

export const IPL: readonly Team[] = [
  { name: 'Chennai Super Kings', short: 'CSK', rating: 80, venue: 'MA Chidambaram Stadium, Chennai' },
  { name: 'Mumbai Indians', short: 'MI', rating: 82, venue: 'Wankhede Stadium, Mumbai' },
  {
    name: 'Royal Challengers Bengaluru',
    short: 'RCB',
    rating: 81,
    venue: 'M Chinnaswamy Stadium, Bengaluru',
  },
  { name: 'Kolkata Knight Riders', short: 'KKR', rating: 80, venue: 'Eden Gardens, Kolkata' },
  { name: 'Delhi Capitals', short: 'DC', rating: 76, venue: 'Arun Jaitley Stadium, Delhi' },
  { name: 'Punjab Kings', short: 'PBKS', rating: 77, venue: 'Maharaja Yadavindra Singh Stadium, Mullanpur' },
  { name: 'Rajasthan Royals', short: 'RR', rating: 77, venue: 'Sawai Mansingh Stadium, Jaipur' },
  {
    name: 'Sunrisers Hyderabad',
    short: 'SRH',
    rating: 79,
    venue: 'Rajiv Gandhi International Stadium, Hyderabad',
  },
  { name: 'Gujarat Titans', short: 'GT', rating: 79, venue: 'Narendra Modi Stadium, Ahmedabad' },
  { name: 'Lucknow Super Giants', short: 'LSG', rating: 75, venue: 'Ekana Cricket Stadium, Lucknow' },
];

export const T20I: readonly Team[] = [
  { name: 'India', short: 'IND', rating: 90, venue: 'Narendra Modi Stadium, Ahmedabad' },
  { name: 'Australia', short: 'AUS', rating: 86, venue: 'Melbourne Cricket Ground' },
  { name: 'England', short: 'ENG', rating: 84, venue: "Lord's, London" },
  { name: 'South Africa', short: 'SA', rating: 83, venue: 'Wanderers Stadium, Johannesburg' },
  { name: 'New Zealand', short: 'NZ', rating: 81, venue: 'Eden Park, Auckland' },
  { name: 'Pakistan', short: 'PAK', rating: 79, venue: 'Gaddafi Stadium, Lahore' },
  { name: 'West Indies', short: 'WI', rating: 78, venue: 'Kensington Oval, Bridgetown' },
  { name: 'Sri Lanka', short: 'SL', rating: 76, venue: 'R. Premadasa Stadium, Colombo' },
  { name: 'Afghanistan', short: 'AFG', rating: 77, venue: 'Sharjah Cricket Stadium' },
  { name: 'Bangladesh', short: 'BAN', rating: 72, venue: 'Shere Bangla National Stadium, Dhaka' },
];

export const PRO_KABADDI: readonly Team[] = [
  { name: 'Patna Pirates', short: 'PAT', rating: 78, venue: 'Patliputra Sports Complex, Patna' },
  { name: 'U Mumba', short: 'MUM', rating: 74, venue: 'NSCI Dome, Mumbai' },
  { name: 'Bengaluru Bulls', short: 'BLR', rating: 73, venue: 'Sree Kanteerava Indoor Stadium, Bengaluru' },
  { name: 'Jaipur Pink Panthers', short: 'JPP', rating: 79, venue: 'Sawai Mansingh Indoor Stadium, Jaipur' },
  { name: 'Puneri Paltan', short: 'PUN', rating: 81, venue: 'Shree Shiv Chhatrapati Sports Complex, Pune' },
  { name: 'Dabang Delhi K.C.', short: 'DEL', rating: 77, venue: 'Thyagaraj Sports Complex, Delhi' },
  { name: 'Bengal Warriorz', short: 'BEN', rating: 72, venue: 'Netaji Indoor Stadium, Kolkata' },
  { name: 'Telugu Titans', short: 'TEL', rating: 70, venue: 'Gachibowli Indoor Stadium, Hyderabad' },
  { name: 'Tamil Thalaivas', short: 'TAM', rating: 71, venue: 'Jawaharlal Nehru Indoor Stadium, Chennai' },
  { name: 'Gujarat Giants', short: 'GUJ', rating: 72, venue: 'The Arena by TransStadia, Ahmedabad' },
  { name: 'UP Yoddhas', short: 'UP', rating: 74, venue: 'Noida Indoor Stadium' },
  { name: 'Haryana Steelers', short: 'HAR', rating: 80, venue: 'Tau Devi Lal Sports Complex, Panchkula' },
];

export interface Player {
  name: string;
  /** Chance of winning a point on serve. */
  serve: number;
}

export const ATP: readonly Player[] = [
  { name: 'Jannik Sinner', serve: 0.7 },
  { name: 'Carlos Alcaraz', serve: 0.69 },
  { name: 'Novak Djokovic', serve: 0.68 },
  { name: 'Alexander Zverev', serve: 0.68 },
  { name: 'Taylor Fritz', serve: 0.68 },
  { name: 'Daniil Medvedev', serve: 0.65 },
  { name: 'Casper Ruud', serve: 0.64 },
  { name: 'Alex de Minaur', serve: 0.64 },
  { name: 'Holger Rune', serve: 0.64 },
  { name: 'Stefanos Tsitsipas', serve: 0.65 },
  { name: 'Andrey Rublev', serve: 0.64 },
  { name: 'Ben Shelton', serve: 0.67 },
  { name: 'Tommy Paul', serve: 0.64 },
  { name: 'Grigor Dimitrov', serve: 0.64 },
  { name: 'Sumit Nagal', serve: 0.6 },
  { name: 'Hubert Hurkacz', serve: 0.67 },
];

export const WTA: readonly Player[] = [
  { name: 'Aryna Sabalenka', serve: 0.62 },
  { name: 'Iga Swiatek', serve: 0.61 },
  { name: 'Coco Gauff', serve: 0.59 },
  { name: 'Elena Rybakina', serve: 0.62 },
  { name: 'Jessica Pegula', serve: 0.58 },
  { name: 'Qinwen Zheng', serve: 0.59 },
  { name: 'Jasmine Paolini', serve: 0.56 },
  { name: 'Mirra Andreeva', serve: 0.57 },
  { name: 'Madison Keys', serve: 0.59 },
  { name: 'Emma Navarro', serve: 0.56 },
  { name: 'Daria Kasatkina', serve: 0.55 },
  { name: 'Barbora Krejcikova', serve: 0.57 },
];

export const TENNIS_TOURNAMENTS: readonly {
  name: string;
  tour: 'ATP' | 'WTA';
  bestOf: 3 | 5;
  venue: string;
}[] = [
  { name: 'ATP Finals', tour: 'ATP', bestOf: 3, venue: 'Inalpi Arena, Turin' },
  { name: 'ATP Paris Masters', tour: 'ATP', bestOf: 3, venue: 'Paris La Défense Arena' },
  { name: 'Australian Open Men', tour: 'ATP', bestOf: 5, venue: 'Rod Laver Arena, Melbourne' },
  { name: 'Bengaluru Open', tour: 'ATP', bestOf: 3, venue: 'KSLTA Stadium, Bengaluru' },
  { name: 'WTA Finals', tour: 'WTA', bestOf: 3, venue: 'King Saud University Indoor Arena, Riyadh' },
  { name: 'Australian Open Women', tour: 'WTA', bestOf: 3, venue: 'Margaret Court Arena, Melbourne' },
  { name: 'WTA Mumbai Open', tour: 'WTA', bestOf: 3, venue: 'Cricket Club of India, Mumbai' },
];

export const RACE_COURSES: readonly { name: string; city: string }[] = [
  { name: 'Mahalaxmi', city: 'Mumbai' },
  { name: 'Guindy', city: 'Chennai' },
  { name: 'Kolkata', city: 'Royal Calcutta Turf Club' },
  { name: 'Bangalore', city: 'Bangalore Turf Club' },
  { name: 'Hyderabad', city: 'Malakpet' },
  { name: 'Pune', city: 'Pune Race Course' },
  { name: 'Mysore', city: 'Mysore Race Club' },
];

export const HORSE_NAMES: readonly string[] = [
  'Sir Gallant',
  'Desert Knight',
  'Monsoon Magic',
  'Star Of Malabar',
  'Royal Sovereign',
  'Golden Aura',
  'Saffron Queen',
  'Silver Arrow',
  'Kaveri Princess',
  'Deccan Thunder',
  'Arabian Storm',
  'Noble Warrior',
  'Midnight Raja',
  'Lotus Blossom',
  'Western Ghat',
  'Marine Drive',
  'Jaipur Jewel',
  'Brave Heart',
  'Wind Of Change',
  'Ocean Breeze',
  'Rock Of Gibraltar',
  'Zuri',
  'Nilgiri Mist',
  'Scarlet Lady',
  'Hidden Gem',
  'Mighty Ruler',
  'Tiger Moth',
  'Peshwa',
  'Flying Officer',
  'Victory Lane',
  'Chola Emperor',
  'Rain Dance',
  'Supreme Leader',
  'Crown Jewel',
  'Eternal Flame',
  'Baahubali',
  'Golden Temple',
  'Storm Rider',
  'Malabar Coast',
  'Silent Dream',
  'Majestic Warrior',
  'Fire And Ice',
];

export const JOCKEYS: readonly string[] = [
  'P. Trevor',
  'Suraj Narredu',
  'Yash Narredu',
  'A. Sandesh',
  'Trevor Patel',
  'S. Saqlain',
  'C. Umesh',
  'Neeraj Rawal',
  'P. S. Chouhan',
  'Akshay Kumar',
  'S. John',
  'Zervan Siddique',
];

export const RACE_NAMES: readonly string[] = [
  'The Monsoon Plate',
  'The Deccan Cup',
  'The Western India Trophy',
  'The Malabar Handicap',
  'The Governor’s Cup',
  'The Arabian Sea Plate',
  'The Golden Jubilee Stakes',
  'The Nilgiris Handicap',
  'The Charminar Plate',
  'The Kaveri Trophy',
  'The Eastern Star Plate',
  'The Republic Day Cup',
];

export const GOINGS: readonly string[] = ['Good', 'Good to Firm', 'Good to Soft', 'Soft', 'Firm'];
