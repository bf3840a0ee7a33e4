/**
 * Demo organisation and people for the first start (server/db/seed.ts calls seedPeople): the
 * chapter tree from the global chapter down to local ones, about 50 members with full profiles
 * and generated pictures, friendships and pending requests. Everything goes through the same
 * services as the calls, so demo data obeys every rule real data does.
 */
import type { ChapterLevel } from '../../../schemas/api/people.ts';
import type { Db } from '../../db/client.ts';
import { createUser, findUserByEmail } from '../auth/users.ts';
import { confirmRequest, sendRequest, type Announcer } from '../friends/requests.ts';
import { avatarUrl } from '../media/avatars.ts';
import { addVideo } from '../media/albums.ts';
import { addEducation, addHobbies, addProject, addSkill, addWork } from './career.ts';
import { addTitle } from './job-titles.ts';
import { addChapter } from './places.ts';
import { setPrivacy } from './privacy.ts';
import { editPersonal, editPublic, setGeneratedAvatar } from './profiles.ts';
import type { EMPLOYMENT_TYPES, INDUSTRIES, ProfessionalTitle } from '../../../schemas/api/career.ts';

type Industry = (typeof INDUSTRIES)[number];
type Employment = (typeof EMPLOYMENT_TYPES)[number];

/** Regions with their local chapters, per country, per area. */
const ORGANISATION: { area: string; countries: { name: string; code: string; zone: string; regions: { name: string; locals: string[] }[] }[] }[] = [
  {
    area: 'Africa and the Middle East',
    countries: [
      { name: 'Lebanon', code: 'LB', zone: 'Asia/Beirut', regions: [{ name: 'Beirut', locals: ['Beirut Cedars'] }, { name: 'Mount Lebanon', locals: ['Jounieh Bay'] }] },
      { name: 'Egypt', code: 'EG', zone: 'Africa/Cairo', regions: [{ name: 'Cairo', locals: ['Cairo Nile'] }, { name: 'Alexandria', locals: ['Alexandria Pharos'] }] },
      { name: 'Nigeria', code: 'NG', zone: 'Africa/Lagos', regions: [{ name: 'Lagos', locals: ['Lagos Island'] }] },
    ],
  },
  {
    area: 'Asia and the Pacific',
    countries: [
      { name: 'India', code: 'IN', zone: 'Asia/Calcutta', regions: [{ name: 'Maharashtra', locals: ['Mumbai Gateway', 'Pune Deccan'] }, { name: 'Karnataka', locals: ['Bengaluru Garden'] }] },
      { name: 'China', code: 'CN', zone: 'Asia/Shanghai', regions: [{ name: 'Shanghai', locals: ['Shanghai Pudong'] }, { name: 'Guangdong', locals: ['Guangzhou Pearl'] }] },
      { name: 'Japan', code: 'JP', zone: 'Asia/Tokyo', regions: [{ name: 'Kanto', locals: ['Tokyo Bay'] }] },
    ],
  },
  {
    area: 'Europe',
    countries: [
      { name: 'France', code: 'FR', zone: 'Europe/Paris', regions: [{ name: 'Île-de-France', locals: ['Paris Seine'] }, { name: 'Auvergne-Rhône-Alpes', locals: ['Lyon Confluence'] }] },
      { name: 'Greece', code: 'GR', zone: 'Europe/Athens', regions: [{ name: 'Attica', locals: ['Athens Acropolis'] }, { name: 'Central Macedonia', locals: ['Thessaloniki White Tower'] }] },
      { name: 'Germany', code: 'DE', zone: 'Europe/Berlin', regions: [{ name: 'Bavaria', locals: ['Munich Isar'] }] },
      { name: 'Italy', code: 'IT', zone: 'Europe/Rome', regions: [{ name: 'Lombardy', locals: ['Milan Navigli'] }] },
    ],
  },
  {
    area: 'The Americas',
    countries: [
      { name: 'Brazil', code: 'BR', zone: 'America/Sao_Paulo', regions: [{ name: 'São Paulo', locals: ['São Paulo Paulista'] }] },
      { name: 'Canada', code: 'CA', zone: 'America/Toronto', regions: [{ name: 'Ontario', locals: ['Toronto Lakeshore'] }] },
      { name: 'United States', code: 'US', zone: 'America/New_York', regions: [{ name: 'California', locals: ['San Francisco Bay'] }, { name: 'New York', locals: ['New York Hudson'] }] },
    ],
  },
];

interface Place {
  local: number;
  region: number;
  country: number;
  national: number;
  zone: string;
  city: string;
}

/** Builds the chapter tree; returns every local chapter with where it is. */
const buildOrganisation = async (db: Db): Promise<Map<string, Place>> => {
  const add = (name: string, level: ChapterLevel, parentId: number | null, country = '') => addChapter(db, { name, level, parentId, country });
  const global = await add('Young Leaders International', 'global', null);
  const places = new Map<string, Place>();
  for (const area of ORGANISATION) {
    const areaId = await add(area.area, 'area', global);
    for (const c of area.countries) {
      const national = await add(c.name, 'national', areaId, c.code);
      for (const r of c.regions) {
        const region = await add(r.name, 'regional', national, c.code);
        for (const local of r.locals) {
          places.set(local, { local: await add(local, 'local', region, c.code), region, country: national, national, zone: c.zone, city: local.split(' ')[0]! });
        }
      }
    }
  }
  return places;
};

/** email (local part), name, local chapter, gender; the first ten are the members seed.ts already made. */
const PEOPLE: [string, string, string, 'female' | 'male' | 'undisclosed'][] = [
  ['amal', 'Amal Haddad', 'Beirut Cedars', 'female'],
  ['karim', 'Karim Mansour', 'Jounieh Bay', 'male'],
  ['mei', 'Mei Lin', 'Shanghai Pudong', 'female'],
  ['priya', 'Priya Sharma', 'Mumbai Gateway', 'female'],
  ['nikos', 'Nikos Papadopoulos', 'Athens Acropolis', 'male'],
  ['claire', 'Claire Martin', 'Paris Seine', 'female'],
  ['omar', 'Omar Farouk', 'Cairo Nile', 'male'],
  ['sofia', 'Sofia Rossi', 'Milan Navigli', 'female'],
  ['lena', 'Lena Fischer', 'Munich Isar', 'female'],
  ['tomas', 'Tomás Silva', 'São Paulo Paulista', 'male'],
  ['rania', 'Rania Khoury', 'Beirut Cedars', 'female'],
  ['ziad', 'Ziad Nassar', 'Beirut Cedars', 'male'],
  ['maya', 'Maya Aoun', 'Jounieh Bay', 'female'],
  ['youssef', 'Youssef El-Masry', 'Cairo Nile', 'male'],
  ['nour', 'Nour Hassan', 'Alexandria Pharos', 'female'],
  ['tunde', 'Tunde Adeyemi', 'Lagos Island', 'male'],
  ['chiamaka', 'Chiamaka Okafor', 'Lagos Island', 'female'],
  ['arjun', 'Arjun Mehta', 'Mumbai Gateway', 'male'],
  ['ananya', 'Ananya Iyer', 'Bengaluru Garden', 'female'],
  ['rohan', 'Rohan Kulkarni', 'Pune Deccan', 'male'],
  ['kavya', 'Kavya Reddy', 'Bengaluru Garden', 'undisclosed'],
  ['wei', 'Wei Zhang', 'Shanghai Pudong', 'male'],
  ['xiaoling', 'Xiaoling Chen', 'Guangzhou Pearl', 'female'],
  ['haruto', 'Haruto Sato', 'Tokyo Bay', 'male'],
  ['sakura', 'Sakura Tanaka', 'Tokyo Bay', 'female'],
  ['julien', 'Julien Moreau', 'Paris Seine', 'male'],
  ['camille', 'Camille Dubois', 'Lyon Confluence', 'female'],
  ['eleni', 'Eleni Georgiou', 'Thessaloniki White Tower', 'female'],
  ['dimitris', 'Dimitris Alexiou', 'Athens Acropolis', 'male'],
  ['jonas', 'Jonas Weber', 'Munich Isar', 'male'],
  ['giulia', 'Giulia Bianchi', 'Milan Navigli', 'female'],
  ['marco', 'Marco Ferrari', 'Milan Navigli', 'male'],
  ['beatriz', 'Beatriz Costa', 'São Paulo Paulista', 'female'],
  ['lucas', 'Lucas Oliveira', 'São Paulo Paulista', 'male'],
  ['emily', 'Emily Tremblay', 'Toronto Lakeshore', 'female'],
  ['liam', 'Liam Nguyen', 'Toronto Lakeshore', 'male'],
  ['grace', 'Grace Kim', 'San Francisco Bay', 'female'],
  ['daniel', 'Daniel Rivera', 'San Francisco Bay', 'male'],
  ['aisha', 'Aisha Johnson', 'New York Hudson', 'female'],
  ['ethan', 'Ethan Brooks', 'New York Hudson', 'male'],
  ['leila', 'Leila Saab', 'Jounieh Bay', 'female'],
  ['samir', 'Samir Azar', 'Beirut Cedars', 'male'],
  ['fatima', 'Fatima Bello', 'Lagos Island', 'female'],
  ['vikram', 'Vikram Singh', 'Mumbai Gateway', 'male'],
  ['yuki', 'Yuki Watanabe', 'Tokyo Bay', 'undisclosed'],
  ['hugo', 'Hugo Lefèvre', 'Lyon Confluence', 'male'],
  ['katerina', 'Katerina Nikolaou', 'Athens Acropolis', 'female'],
  ['mateo', 'Mateo Gómez', 'San Francisco Bay', 'male'],
  ['hannah', 'Hannah Schmidt', 'Munich Isar', 'female'],
  ['olivia', 'Olivia Wright', 'New York Hudson', 'female'],
];

const BIOS = [
  'Believes young people can change their cities, one project at a time.',
  'Organises community events and mentors new members.',
  'Entrepreneur working on sustainable food systems.',
  'Lawyer by day, debate coach by night.',
  'Engineer who loves turning ideas into working prototypes.',
  'Passionate about education and digital inclusion.',
  'Runs the chapter’s public speaking workshops.',
  'Works in healthcare and volunteers for blood drives.',
];
const SKILL_SETS = [
  ['Public speaking', 'Team leadership', 'Project management', 'Negotiation'],
  ['Fundraising', 'Event management', 'Marketing', 'Storytelling', 'Volunteering'],
  ['Software development', 'Data analysis', 'Design', 'Problem solving'],
  ['Strategic planning', 'Mentoring', 'Facilitation', 'Partnership building', 'English'],
  ['Entrepreneurship', 'Finance', 'Sales', 'Business development'],
  ['Community organising', 'Advocacy', 'Sustainable development', 'Writing', 'French'],
];
const HOBBY_SETS = [
  ['Running', 'Photography', 'Cooking'],
  ['Chess', 'Hiking', 'Reading'],
  ['Football', 'Travel', 'Music'],
  ['Painting', 'Yoga', 'Gardening', 'Cinema'],
];
const JOBS: [string, string, Industry, Employment][] = [
  ['Cedar Consulting', 'Associate consultant', 'consulting', 'full_time'],
  ['Green Harvest', 'Founder', 'agriculture', 'self_employed'],
  ['City Hospital', 'Resident doctor', 'healthcare', 'full_time'],
  ['Bright Code', 'Software engineer', 'information_technology', 'full_time'],
  ['Law & Partners', 'Junior lawyer', 'legal', 'full_time'],
  ['Open Schools', 'Programme coordinator', 'nonprofit', 'part_time'],
  ['Northwind Bank', 'Financial analyst', 'banking', 'full_time'],
  ['Studio Nine', 'Designer', 'media', 'freelance'],
];
const SCHOOLS: [string, string, string][] = [
  ['American University of Beirut', 'BSc', 'Business administration'],
  ['University of Mumbai', 'BE', 'Computer engineering'],
  ['Sorbonne University', 'MA', 'International relations'],
  ['University of Lagos', 'LLB', 'Law'],
  ['Tsinghua University', 'MSc', 'Environmental engineering'],
  ['University of Toronto', 'BA', 'Economics'],
];
const PROJECTS = ['Clean Beaches Day', 'Coding for Girls', 'Blood Drive Week', 'Youth Entrepreneurs Fair', 'Reading Corners in Schools'];
const LOCAL_TITLES: ProfessionalTitle[] = ['local_president', 'local_vice_president', 'local_secretary', 'local_treasurer', 'local_director'];

/** Friendships (indexes into PEOPLE) and pending requests: Amal has friends and requests waiting for her. */
const FRIENDS: [number, number][] = [
  [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 10], [0, 11], [0, 12], [0, 17], [0, 25],
  [1, 10], [1, 11], [1, 12], [2, 21], [2, 22], [3, 17], [3, 18], [3, 19], [4, 27], [4, 28], [5, 25], [5, 26],
  [13, 14], [15, 16], [23, 24], [29, 30], [30, 31], [32, 33], [34, 35], [36, 37], [38, 39], [40, 41], [42, 15], [43, 17], [45, 26], [46, 28], [47, 36], [48, 29], [49, 38],
];
const REQUESTS: [number, number, string][] = [
  [15, 0, 'We met at the Lagos summit — let’s stay in touch!'],
  [24, 0, 'Loved your talk on community projects.'],
  [40, 0, ''],
  [0, 13, 'Would love to work together on the Cairo exchange.'],
  [20, 3, ''],
];

/** A member with nobody listening: the seed makes friends before anyone is connected. */
const nobody: Announcer = { toUsers: () => ({ emit: () => undefined }) };

/** Fills in the demo organisation and people; `passwordHash` is the demo password's hash seed.ts made. */
export const seedPeople = async (db: Db, passwordHash: string): Promise<void> => {
  const places = await buildOrganisation(db);
  const ids: number[] = [];
  for (const [i, [local, name, chapter, gender]] of PEOPLE.entries()) {
    const email = `${local}@example.org`;
    const user = (await findUserByEmail(db, email)) ?? (await createUser(db, { email, password: '', nickName: name, passwordHash }));
    if (!user) throw new Error(`demo member ${email} could not be made`);
    ids.push(user.id);
    // Deleted and locked demo accounts keep their state; their profiles are filled in all the same.
    const place = places.get(chapter)!;
    await setGeneratedAvatar(db, user.id, avatarUrl(name));
    await editPublic(db, user.id, { bio: BIOS[i % BIOS.length]!, chapter_id: place.local, time_zone: place.zone });
    await editPersonal(db, user.id, {
      gender,
      birth_date: `${1986 + (i % 15)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
      mobile: `+${30 + (i % 60)} ${String(600000000 + i * 7919).replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3')}`,
      country_id: place.country,
      region_id: place.region,
      city: place.city,
    });
    for (const skill of SKILL_SETS[i % SKILL_SETS.length]!) await addSkill(db, user.id, skill);
    await addHobbies(db, user.id, HOBBY_SETS[i % HOBBY_SETS.length]!);
    const [company, position, industry, employment] = JOBS[i % JOBS.length]!;
    await addWork(db, 'en', user.id, { company, position, industry, employment_type: employment, location: place.city, start: `${2016 + (i % 6)}-0${(i % 9) + 1}` });
    const [school, degree, field] = SCHOOLS[i % SCHOOLS.length]!;
    await addEducation(db, user.id, { school, degree, field, start: `${2008 + (i % 6)}-09`, end: `${2012 + (i % 6)}-06` });
    if (i % 3 === 0) await addProject(db, user.id, { name: PROJECTS[i % PROJECTS.length]!, role: 'Project lead', start: `202${i % 5}-03`, end: `202${i % 5}-11` });
    if (i % 4 === 0) await addTitle(db, 'en', user.id, { title: LOCAL_TITLES[(i / 4) % LOCAL_TITLES.length]!, chapter_id: place.local, year: 2024 + (i % 2) }, 'declared');
    if (i % 5 === 0) await addVideo(db, user.id, { url: 'https://www.youtube.com/watch?v=arj7oStGLkU', title: 'Inside the mind of a master procrastinator' });
    // Some members open up more than the defaults, so profiles differ in what strangers see.
    if (i % 2 === 0) await setPrivacy(db, user.id, { email: 'everyone', address: 'everyone', friends_list: 'everyone' });
  }
  for (const [a, b] of FRIENDS) {
    const sent = await sendRequest(db, nobody, ids[a]!, ids[b]!, '');
    if (sent.status === 'pending') await confirmRequest(db, nobody, ids[b]!, sent.request_id);
  }
  for (const [from, to, message] of REQUESTS) await sendRequest(db, nobody, ids[from]!, ids[to]!, message);
};
