//! The evaluation of the fast screen: recall on list names perturbed the way real queries
//! differ from the lists (typos, dropped middle names, reordered tokens, transliterated
//! spellings, case and punctuation) and the false-alarm rate on common personal and company
//! names that are not on the lists. Deterministic: the same lists give the same figures.

use std::collections::HashSet;
use std::fmt::Write;

use suite_sanctions::index::Index;
use suite_sanctions::model::Kind;
use suite_sanctions::normalize::{self, tokenize};
use suite_sanctions::screen::{self, ScreenParams};

/// The threshold evaluated (the `screen` default).
pub const THRESHOLD: f64 = 0.85;
/// Entries sampled per list at most.
const SAMPLE: usize = 800;

/// Recall of one kind of perturbation.
#[derive(Debug, Clone, Default)]
pub struct Category {
    pub name: &'static str,
    pub tried: usize,
    pub found: usize,
    /// A few misses: (query, expected entry).
    pub misses: Vec<(String, String)>,
}

impl Category {
    pub fn recall(&self) -> f64 {
        if self.tried == 0 {
            1.0
        } else {
            self.found as f64 / self.tried as f64
        }
    }
}

/// False alarms on one kind of common name.
#[derive(Debug, Clone, Default)]
pub struct CleanCategory {
    pub name: &'static str,
    pub tried: usize,
    pub alarms: usize,
    /// A few alarms: (query, listed name, score).
    pub examples: Vec<(String, String, f64)>,
}

impl CleanCategory {
    pub fn rate(&self) -> f64 {
        if self.tried == 0 {
            0.0
        } else {
            self.alarms as f64 / self.tried as f64
        }
    }
}

/// The evaluation's figures.
#[derive(Debug, Clone, Default)]
pub struct Report {
    pub categories: Vec<Category>,
    pub clean: Vec<CleanCategory>,
    pub clean_tried: usize,
    pub false_alarms: usize,
    pub alarm_examples: Vec<(String, String, f64)>,
}

impl Report {
    pub fn recall(&self) -> f64 {
        let tried: usize = self.categories.iter().map(|c| c.tried).sum();
        let found: usize = self.categories.iter().map(|c| c.found).sum();
        if tried == 0 {
            1.0
        } else {
            found as f64 / tried as f64
        }
    }

    pub fn false_alarm_rate(&self) -> f64 {
        if self.clean_tried == 0 {
            0.0
        } else {
            self.false_alarms as f64 / self.clean_tried as f64
        }
    }

    /// The figures, with up to `examples` misses and false alarms of each kind.
    pub fn render_with(&self, examples: usize) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "sanctions screening evaluation (threshold {THRESHOLD})"
        );
        for c in &self.categories {
            let _ = writeln!(
                out,
                "  recall {:<18} {:>6.2}%  ({}/{})",
                c.name,
                c.recall() * 100.0,
                c.found,
                c.tried
            );
        }
        let tried: usize = self.categories.iter().map(|c| c.tried).sum();
        let _ = writeln!(
            out,
            "  recall overall            {:>6.2}%  ({tried} perturbed names)",
            self.recall() * 100.0
        );
        let _ = writeln!(
            out,
            "  false alarms              {:>6.2}%  ({}/{} common names not on the lists)",
            self.false_alarm_rate() * 100.0,
            self.false_alarms,
            self.clean_tried
        );
        for c in &self.clean {
            let _ = writeln!(
                out,
                "  false alarms {:<18} {:>6.2}%  ({}/{})",
                c.name,
                c.rate() * 100.0,
                c.alarms,
                c.tried
            );
        }
        for c in &self.categories {
            for (q, e) in c.misses.iter().take(examples) {
                let _ = writeln!(out, "  missed ({}): {q:?} for {e}", c.name);
            }
        }
        for c in &self.clean {
            for (q, m, s) in c.examples.iter().take(examples) {
                let _ = writeln!(
                    out,
                    "  false alarm ({}): {q:?} matched {m:?} at {s:.3}",
                    c.name
                );
            }
        }
        out
    }
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// One typo in the longest token: substitution, transposition, deletion or doubling.
fn typo(tokens: &[String], rng: &mut Rng) -> Option<Vec<String>> {
    let (i, _) = tokens
        .iter()
        .enumerate()
        .filter(|(_, t)| t.len() >= 5)
        .max_by_key(|(_, t)| t.len())?;
    let mut chars: Vec<char> = tokens[i].chars().collect();
    let p = 1 + rng.below(chars.len() - 2);
    match rng.below(4) {
        0 => {
            let c = chars[p];
            chars[p] = if "aeiou".contains(c) {
                if c == 'a' { 'e' } else { 'a' }
            } else if c == 'n' {
                'm'
            } else {
                'n'
            };
        }
        1 => chars.swap(p, p + 1),
        2 => {
            chars.remove(p);
        }
        _ => chars.insert(p, chars[p]),
    }
    let mut out = tokens.to_vec();
    out[i] = chars.into_iter().collect();
    Some(out)
}

/// Spelling variants between transliteration systems, applied to whole names.
const VARIANTS: &[(&str, &str)] = &[
    ("muhammad", "mohammed"),
    ("mohammad", "muhammad"),
    ("mohammed", "mohamed"),
    ("ahmad", "ahmed"),
    ("abdul", "abdel"),
    ("abd al", "abdul"),
    ("qadhafi", "gaddafi"),
    ("hizballah", "hezbollah"),
    ("usama", "osama"),
    ("yusuf", "youssef"),
    ("husayn", "hussein"),
    ("hussein", "husain"),
    ("ali", "aly"),
    ("kh", "h"),
    ("q", "k"),
    ("ou", "u"),
    ("u", "ou"),
    ("ya", "ia"),
    ("yu", "iu"),
    ("iy", "i"),
    ("ii", "i"),
    ("ei", "ey"),
    ("dj", "j"),
    ("j", "dj"),
    ("sh", "ch"),
    ("ch", "tch"),
    ("zh", "j"),
    ("ph", "f"),
    ("ee", "i"),
    ("oo", "u"),
];

fn transliterate(tokens: &[String], rng: &mut Rng) -> Option<Vec<String>> {
    let text = tokens.join(" ");
    let applicable: Vec<&(&str, &str)> = VARIANTS
        .iter()
        .filter(|(from, _)| text.contains(from))
        .collect();
    if applicable.is_empty() {
        return None;
    }
    let (from, to) = applicable[rng.below(applicable.len())];
    let changed = text.replacen(from, to, 1);
    (changed != text).then(|| changed.split(' ').map(str::to_owned).collect())
}

const FIRST_NAMES: &[&str] = &[
    "James",
    "Mary",
    "Robert",
    "Patricia",
    "John",
    "Jennifer",
    "Michael",
    "Linda",
    "David",
    "Elizabeth",
    "William",
    "Barbara",
    "Richard",
    "Susan",
    "Joseph",
    "Jessica",
    "Thomas",
    "Sarah",
    "Charles",
    "Karen",
    "Christopher",
    "Lisa",
    "Daniel",
    "Nancy",
    "Matthew",
    "Betty",
    "Anthony",
    "Sandra",
    "Mark",
    "Margaret",
    "Emma",
    "Olivia",
    "Sophie",
    "Lukas",
    "Leon",
    "Hannah",
    "Mia",
    "Felix",
    "Camille",
    "Louis",
    "Chloe",
    "Hugo",
    "Giulia",
    "Francesco",
    "Chiara",
    "Alessandro",
    "Lucia",
    "Pablo",
    "Carmen",
    "Javier",
    "Ingrid",
    "Lars",
    "Astrid",
    "Sven",
    "Aoife",
    "Niamh",
    "Priya",
    "Rahul",
    "Ananya",
    "Vikram",
    "Wei",
    "Li",
    "Yuki",
    "Haruto",
    "Sakura",
    "Min-jun",
    "Seo-yeon",
    "Thabo",
    "Amara",
    "Chidi",
    "Olga",
    "Dmitri",
    "Katarzyna",
    "Piotr",
    "Eva",
    "Jan",
    "Noah",
    "Liam",
    "Ava",
    "Isabella",
];

const LAST_NAMES: &[&str] = &[
    "Smith",
    "Johnson",
    "Williams",
    "Brown",
    "Jones",
    "Miller",
    "Davis",
    "Wilson",
    "Anderson",
    "Taylor",
    "Thomas",
    "Moore",
    "Jackson",
    "Martin",
    "Thompson",
    "White",
    "Harris",
    "Clark",
    "Lewis",
    "Walker",
    "Hall",
    "Young",
    "King",
    "Wright",
    "Scott",
    "Green",
    "Baker",
    "Adams",
    "Nelson",
    "Hill",
    "Mueller",
    "Schmidt",
    "Schneider",
    "Fischer",
    "Weber",
    "Wagner",
    "Becker",
    "Hoffmann",
    "Dubois",
    "Lefebvre",
    "Moreau",
    "Laurent",
    "Bernard",
    "Rossi",
    "Russo",
    "Ferrari",
    "Esposito",
    "Bianchi",
    "Romano",
    "Colombo",
    "Jensen",
    "Nielsen",
    "Hansen",
    "Larsen",
    "Andersson",
    "Johansson",
    "Murphy",
    "Kelly",
    "O'Sullivan",
    "Walsh",
    "Sharma",
    "Patel",
    "Gupta",
    "Iyer",
    "Nair",
    "Tanaka",
    "Suzuki",
    "Takahashi",
    "Watanabe",
    "Nakamura",
    "Nowak",
    "Kowalski",
    "Wisniewski",
    "Novak",
    "Svoboda",
    "Van der Berg",
    "De Vries",
    "Jansen",
    "Bakker",
    "Visser",
];

const COMPANY_WORDS: &[&str] = &[
    "Blue",
    "River",
    "Harbor",
    "Summit",
    "Maple",
    "Granite",
    "Silver",
    "Oak",
    "Cedar",
    "Northern",
    "Bright",
    "Golden",
    "Evergreen",
    "Pioneer",
    "Coastal",
    "Prairie",
    "Lakeside",
    "Redwood",
    "Falcon",
    "Meadow",
];

const COMPANY_NOUNS: &[&str] = &[
    "Bakery",
    "Logistics",
    "Software",
    "Dental Care",
    "Consulting",
    "Furniture",
    "Books",
    "Plumbing",
    "Analytics",
    "Coffee Roasters",
    "Architects",
    "Veterinary Clinic",
    "Printing",
    "Landscaping",
    "Catering",
    "Cycles",
    "Optics",
    "Insurance Brokers",
    "Textiles",
    "Solar",
];

const LEGAL: &[&str] = &[
    "Ltd", "LLC", "GmbH", "Inc.", "S.A.", "B.V.", "", "Pty Ltd", "S.r.l.", "AB",
];

/// Given names and surnames of one locale, in Latin letters; names are written given name
/// first unless `surname_first`.
struct Locale {
    given: &'static [&'static str],
    surnames: &'static [&'static str],
    surname_first: bool,
}

/// Common personal names of many locales, in Latin letters (census and registry top names,
/// none chosen for or against the lists).
const LOCALES: &[Locale] = &[
    // Spanish and Latin American.
    Locale {
        given: &[
            "José",
            "María",
            "Juan",
            "Ana",
            "Luis",
            "Carlos",
            "Sofía",
            "Diego",
            "Valentina",
            "Alejandro",
            "Camila",
            "Miguel",
        ],
        surnames: &[
            "García",
            "Rodríguez",
            "González",
            "Fernández",
            "López",
            "Martínez",
            "Sánchez",
            "Pérez",
            "Gómez",
            "Díaz",
            "Torres",
            "Ramírez",
            "Flores",
            "Morales",
            "Castillo",
        ],
        surname_first: false,
    },
    // Portuguese and Brazilian.
    Locale {
        given: &[
            "João", "Ana", "Pedro", "Mariana", "Lucas", "Beatriz", "Gabriel", "Larissa", "Rafael",
            "Juliana",
        ],
        surnames: &[
            "Silva",
            "Santos",
            "Oliveira",
            "Souza",
            "Costa",
            "Pereira",
            "Almeida",
            "Ferreira",
            "Rodrigues",
            "Carvalho",
            "Gomes",
            "Ribeiro",
        ],
        surname_first: false,
    },
    // Turkish.
    Locale {
        given: &[
            "Mehmet", "Ayşe", "Mustafa", "Fatma", "Emre", "Zeynep", "Burak", "Elif", "Can", "Merve",
        ],
        surnames: &[
            "Yılmaz", "Kaya", "Demir", "Şahin", "Çelik", "Yıldız", "Aydın", "Öztürk", "Arslan",
            "Doğan", "Kılıç", "Aslan",
        ],
        surname_first: false,
    },
    // Russian and Ukrainian, romanized.
    Locale {
        given: &[
            "Ivan",
            "Sergey",
            "Natalia",
            "Olga",
            "Andrei",
            "Tatiana",
            "Alexei",
            "Yulia",
            "Oleksandr",
            "Iryna",
            "Pavel",
            "Ekaterina",
        ],
        surnames: &[
            "Ivanov",
            "Smirnov",
            "Kuznetsov",
            "Sokolov",
            "Lebedev",
            "Kozlov",
            "Novikov",
            "Morozova",
            "Volkova",
            "Shevchenko",
            "Bondarenko",
            "Kovalenko",
            "Fedorova",
            "Pavlenko",
        ],
        surname_first: false,
    },
    // Arabic names, romanized.
    Locale {
        given: &[
            "Omar", "Fatima", "Youssef", "Layla", "Karim", "Nour", "Samir", "Yasmin", "Tariq",
            "Rania", "Khaled", "Huda",
        ],
        surnames: &[
            "Haddad", "Khoury", "Mansour", "Nasser", "Saleh", "Aziz", "Hamdan", "Farouk",
            "Darwish", "Sabbagh", "Najjar", "Barakat", "Awad", "Masri",
        ],
        surname_first: false,
    },
    // Persian, romanized.
    Locale {
        given: &[
            "Reza", "Maryam", "Sara", "Mehdi", "Zahra", "Amir", "Parisa", "Navid", "Shirin",
            "Babak",
        ],
        surnames: &[
            "Ahmadi", "Hosseini", "Karimi", "Rezaei", "Moradi", "Jafari", "Rahimi", "Sadeghi",
            "Kazemi", "Ebrahimi",
        ],
        surname_first: false,
    },
    // South Asian.
    Locale {
        given: &[
            "Amit", "Priya", "Sanjay", "Deepa", "Arjun", "Kavita", "Imran", "Ayesha", "Rohan",
            "Sunita", "Farhan", "Nisha",
        ],
        surnames: &[
            "Kumar",
            "Singh",
            "Das",
            "Reddy",
            "Rao",
            "Chowdhury",
            "Mehta",
            "Joshi",
            "Verma",
            "Malik",
            "Banerjee",
            "Pillai",
            "Desai",
        ],
        surname_first: false,
    },
    // Chinese, pinyin, surname first.
    Locale {
        given: &[
            "Wei", "Fang", "Na", "Jing", "Lei", "Min", "Jie", "Hao", "Xiuying", "Yong", "Li", "Tao",
        ],
        surnames: &[
            "Wang", "Li", "Zhang", "Liu", "Chen", "Yang", "Huang", "Zhao", "Wu", "Zhou", "Xu",
            "Sun",
        ],
        surname_first: true,
    },
    // Japanese.
    Locale {
        given: &[
            "Hiroshi", "Yuki", "Kenji", "Aiko", "Takashi", "Naomi", "Daiki", "Yui", "Haruka",
            "Shota",
        ],
        surnames: &[
            "Sato",
            "Suzuki",
            "Takahashi",
            "Tanaka",
            "Ito",
            "Yamamoto",
            "Kobayashi",
            "Kato",
            "Yoshida",
            "Yamada",
        ],
        surname_first: false,
    },
    // Korean, surname first (South Korean passport spellings).
    Locale {
        given: &[
            "Ji-hoon", "Seo-yeon", "Min-seo", "Do-yoon", "Ha-eun", "Jun-ho", "Ji-woo", "Eun-ji",
            "Hyun-woo", "Soo-ah",
        ],
        surnames: &[
            "Kim", "Lee", "Park", "Choi", "Jung", "Kang", "Cho", "Yoon", "Jang", "Lim",
        ],
        surname_first: true,
    },
    // Vietnamese, surname first with a middle name.
    Locale {
        given: &[
            "Van Anh",
            "Thi Lan",
            "Van Minh",
            "Thi Hoa",
            "Duc Long",
            "Thi Thu",
            "Quoc Bao",
            "Thi Mai",
            "Van Hung",
            "Ngoc Linh",
        ],
        surnames: &[
            "Nguyen", "Tran", "Le", "Pham", "Hoang", "Phan", "Vu", "Vo", "Dang", "Bui",
        ],
        surname_first: true,
    },
    // West, East and Southern African.
    Locale {
        given: &[
            "Chinedu",
            "Ngozi",
            "Kwame",
            "Abena",
            "Tendai",
            "Thandiwe",
            "Oluwaseun",
            "Wanjiru",
            "Sipho",
            "Amina",
            "Kofi",
            "Zanele",
        ],
        surnames: &[
            "Okafor", "Mensah", "Nkosi", "Adeyemi", "Mwangi", "Okonkwo", "Boateng", "Dlamini",
            "Otieno", "Banda", "Mokoena", "Owusu",
        ],
        surname_first: false,
    },
    // Greek and Hebrew names, romanized.
    Locale {
        given: &[
            "Giorgos", "Eleni", "Dimitris", "Nikos", "Katerina", "Yosef", "Noa", "Tamar", "Avi",
            "Shira",
        ],
        surnames: &[
            "Papadopoulos",
            "Georgiou",
            "Nikolaou",
            "Pappas",
            "Oikonomou",
            "Cohen",
            "Levi",
            "Mizrahi",
            "Peretz",
            "Friedman",
        ],
        surname_first: false,
    },
    // Central and Northern European.
    Locale {
        given: &[
            "Tomasz",
            "Agnieszka",
            "Jakub",
            "Petra",
            "Mikko",
            "Aino",
            "Bjørn",
            "Sigrid",
            "Dorota",
            "Matej",
        ],
        surnames: &[
            "Wójcik",
            "Kowalczyk",
            "Zieliński",
            "Dvořák",
            "Horváth",
            "Nagy",
            "Virtanen",
            "Korhonen",
            "Olsen",
            "Lindqvist",
            "Kovač",
            "Popescu",
        ],
        surname_first: false,
    },
];

/// Common personal names written in other scripts: given names and surnames per script.
const SCRIPTS: &[(&[&str], &[&str])] = &[
    // Cyrillic (Russian, Ukrainian, Bulgarian).
    (
        &[
            "Иван",
            "Сергей",
            "Наталья",
            "Ольга",
            "Андрей",
            "Татьяна",
            "Дмитрий",
            "Елена",
            "Олександр",
            "Ірина",
        ],
        &[
            "Петров",
            "Смирнов",
            "Кузнецова",
            "Соколов",
            "Лебедева",
            "Козлов",
            "Новикова",
            "Морозов",
            "Шевченко",
            "Бондаренко",
            "Георгиев",
        ],
    ),
    // Greek.
    (
        &["Γιώργος", "Ελένη", "Δημήτρης", "Κατερίνα", "Νίκος", "Μαρία"],
        &[
            "Παπαδόπουλος",
            "Γεωργίου",
            "Νικολάου",
            "Οικονόμου",
            "Βλάχος",
            "Μαυρίδης",
        ],
    ),
    // Arabic.
    (
        &[
            "فاطمة",
            "عمر",
            "ليلى",
            "كريم",
            "يوسف",
            "نور",
            "سمير",
            "ياسمين",
        ],
        &[
            "حداد",
            "خوري",
            "منصور",
            "ناصر",
            "صالح",
            "حمدان",
            "درويش",
            "نجار",
        ],
    ),
    // Persian.
    (
        &["مریم", "رضا", "زهرا", "مهدی", "پریسا", "نوید"],
        &["احمدی", "حسینی", "کریمی", "رضایی", "مرادی", "جعفری"],
    ),
    // Hebrew.
    (
        &["דוד", "נועה", "יוסף", "תמר", "אבי", "שירה"],
        &["כהן", "לוי", "מזרחי", "פרץ", "ביטון", "פרידמן"],
    ),
    // Devanagari.
    (
        &["अमित", "प्रिया", "संजय", "दीपा", "अर्जुन"],
        &["कुमार", "शर्मा", "वर्मा", "जोशी", "मेहता"],
    ),
];

/// Names written without spaces between surname and given name: Chinese, Japanese, Korean.
const CJK_NAMES: &[&str] = &[
    "王芳",
    "李娜",
    "张伟",
    "刘洋",
    "陈静",
    "杨磊",
    "黄敏",
    "赵杰",
    "吴昊",
    "周秀英",
    "徐涛",
    "孙丽",
    "佐藤健",
    "鈴木由紀",
    "高橋浩",
    "田中愛子",
    "伊藤直美",
    "山本大輝",
    "小林結衣",
    "김지훈",
    "이서연",
    "박민서",
    "최도윤",
    "정하은",
    "강준호",
    "조지우",
    "윤은지",
    "장현우",
    "임수아",
];

/// Common surnames of many countries, screened alone.
const SURNAMES: &[&str] = &[
    "Smith",
    "Garcia",
    "Rodriguez",
    "Silva",
    "Nguyen",
    "Wang",
    "Zhang",
    "Kim",
    "Lee",
    "Park",
    "Tanaka",
    "Suzuki",
    "Ivanov",
    "Smirnov",
    "Mueller",
    "Rossi",
    "Dubois",
    "Kowalski",
    "Yilmaz",
    "Kaya",
    "Khan",
    "Kumar",
    "Singh",
    "Haddad",
    "Cohen",
    "Okafor",
    "Mensah",
    "Papadopoulos",
    "Hansen",
    "Murphy",
    "Santos",
    "Hosseini",
    "Ahmadi",
    "Chen",
    "Liu",
    "Choi",
    "Sato",
    "Novak",
    "Jansen",
    "Gonzalez",
    "Hernandez",
    "Martin",
    "Petrov",
    "Popescu",
    "Nagy",
    "Horvat",
    "Mwangi",
    "Das",
    "Pham",
    "Tran",
    "Ali",
    "Hassan",
    "Ibrahim",
    "Abdullah",
    "Rahman",
    "Hussein",
    "Ahmed",
    "Mahmoud",
    "Salem",
    "Nasser",
];

/// Distinctive words companies are named after.
const COMPANY_NAMES: &[&str] = &[
    "Northwind",
    "Bluefin",
    "Silverline",
    "Pinecrest",
    "Redstone",
    "Clearwater",
    "Sunridge",
    "Ironbridge",
    "Greenfield",
    "Westbrook",
    "Oakmont",
    "Riverside",
    "Stonegate",
    "Highland",
    "Brookfield",
    "Lakeview",
    "Fairway",
    "Kingsley",
    "Ashford",
    "Meridian",
    "Horizon",
    "Crescent",
    "Pacific",
    "Atlas",
    "Orion",
    "Phoenix",
    "Zenith",
    "Vertex",
    "Nova",
    "Apex",
    "Baltic",
    "Andes",
    "Sahara",
    "Danube",
    "Everest",
    "Aurora",
    "Sapphire",
    "Emerald",
    "Delta",
    "Unity",
];

/// Generic words of company names: what a company does, or how big it says it is.
const COMPANY_GENERIC: &[&str] = &[
    "Trading",
    "General Trading",
    "International",
    "Group",
    "Holdings",
    "Industries",
    "Services",
    "Petroleum",
    "Shipping",
    "Investments",
    "Bank",
    "Import Export",
    "Technologies",
    "Engineering",
    "Construction",
    "Marine Services",
    "Energy",
    "Oil and Gas",
    "Logistics",
    "Consulting",
    "Pharmaceuticals",
    "Electronics",
    "Development",
    "Capital",
    "Finance",
    "Real Estate",
    "Foods",
    "Trade and Investment",
    "Exchange",
    "Global Solutions",
];

/// Legal forms of many jurisdictions (and none).
const COMPANY_LEGAL: &[&str] = &[
    "LLC",
    "Ltd",
    "GmbH",
    "Inc.",
    "S.A.",
    "B.V.",
    "Pty Ltd",
    "S.r.l.",
    "AB",
    "JSC",
    "OOO",
    "FZE",
    "Co., Ltd.",
    "Sdn Bhd",
    "SA de CV",
    "PLC",
    "",
    "Company Limited",
    "A.S.",
    "LLP",
];

/// A kind of common name that is not a list name, and its names.
#[derive(Debug, Clone)]
pub struct CleanSet {
    pub name: &'static str,
    pub names: Vec<String>,
}

/// Common names that are not list names, by kind: the first two are the evaluation's
/// original sets; the others broaden it to many locales and scripts, lone common surnames,
/// and companies sharing only a generic word or a legal form with listed companies.
pub fn clean_sets() -> Vec<CleanSet> {
    let mut western = Vec::new();
    for (i, first) in FIRST_NAMES.iter().enumerate() {
        for step in 0..12 {
            let last = LAST_NAMES[(i * 7 + step * 13) % LAST_NAMES.len()];
            western.push(format!("{first} {last}"));
        }
    }
    let mut small_companies = Vec::new();
    for (i, word) in COMPANY_WORDS.iter().enumerate() {
        for step in 0..20 {
            let noun = COMPANY_NOUNS[(i + step * 3) % COMPANY_NOUNS.len()];
            let legal = LEGAL[(i + step) % LEGAL.len()];
            small_companies.push(format!("{word} {noun} {legal}").trim().to_owned());
        }
    }
    let mut world = Vec::new();
    for locale in LOCALES {
        for (i, given) in locale.given.iter().enumerate() {
            for step in 0..8 {
                let surname = locale.surnames[(i * 5 + step * 3) % locale.surnames.len()];
                world.push(if locale.surname_first {
                    format!("{surname} {given}")
                } else {
                    format!("{given} {surname}")
                });
            }
        }
    }
    let mut scripts = Vec::new();
    for (given_names, surnames) in SCRIPTS {
        for (i, given) in given_names.iter().enumerate() {
            for step in 0..5 {
                let surname = surnames[(i * 5 + step * 3) % surnames.len()];
                scripts.push(format!("{given} {surname}"));
            }
        }
    }
    scripts.extend(CJK_NAMES.iter().map(|n| (*n).to_owned()));
    let surnames = SURNAMES.iter().map(|n| (*n).to_owned()).collect();
    let mut companies = Vec::new();
    for (i, word) in COMPANY_NAMES.iter().enumerate() {
        for step in 0..8 {
            let generic = COMPANY_GENERIC[(i * 3 + step * 7) % COMPANY_GENERIC.len()];
            let legal = COMPANY_LEGAL[(i + step * 3) % COMPANY_LEGAL.len()];
            companies.push(format!("{word} {generic} {legal}").trim().to_owned());
        }
    }
    let sets = [
        ("western_personal", western),
        ("small_companies", small_companies),
        ("world_personal", world),
        ("other_scripts", scripts),
        ("lone_surnames", surnames),
        ("generic_companies", companies),
    ];
    sets.into_iter()
        .map(|(name, mut names)| {
            names.sort();
            names.dedup();
            CleanSet { name, names }
        })
        .collect()
}

/// Every common name of [`clean_sets`], once.
pub fn clean_names() -> Vec<String> {
    let mut out: Vec<String> = clean_sets().into_iter().flat_map(|s| s.names).collect();
    out.sort();
    out.dedup();
    out
}

/// Runs the evaluation on `index`.
pub fn evaluate(index: &Index) -> Report {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut categories = vec![
        Category {
            name: "case_punctuation",
            ..Category::default()
        },
        Category {
            name: "typo",
            ..Category::default()
        },
        Category {
            name: "dropped_middle",
            ..Category::default()
        },
        Category {
            name: "reordered",
            ..Category::default()
        },
        Category {
            name: "transliteration",
            ..Category::default()
        },
        Category {
            name: "showcase",
            ..Category::default()
        },
    ];
    let screen_ids = |query: &str| -> Vec<String> {
        screen::screen(index, &ScreenParams::for_name(query, THRESHOLD, 10))
            .into_iter()
            .map(|h| index.entries[h.entry as usize].id.clone())
            .collect()
    };
    let record = |c: usize, query: String, expected: &str, categories: &mut Vec<Category>| {
        let found = screen_ids(&query).iter().any(|id| id == expected);
        let cat = &mut categories[c];
        cat.tried += 1;
        if found {
            cat.found += 1;
        } else if cat.misses.len() < 100 {
            cat.misses.push((query, expected.to_owned()));
        }
    };
    for list in &index.lists {
        let members: Vec<usize> = index
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.source == list.source)
            .map(|(i, _)| i)
            .collect();
        let step = (members.len() / SAMPLE).max(1);
        for &i in members.iter().step_by(step).take(SAMPLE) {
            let entry = &index.entries[i];
            let primary = entry.primary_name();
            let tokens = tokenize(&deunicode::deunicode(&normalize::reorder_surname_first(
                primary,
            )));
            if tokens.iter().all(|t| t.len() < 3) {
                continue;
            }
            record(0, tokens.join(" "), &entry.id, &mut categories);
            if let Some(t) = typo(&tokens, &mut rng) {
                record(1, t.join(" "), &entry.id, &mut categories);
            }
            if entry.kind == Kind::Individual && tokens.len() >= 3 {
                let mut dropped = tokens.clone();
                dropped.remove(1 + rng.below(tokens.len() - 2));
                record(2, dropped.join(" "), &entry.id, &mut categories);
            }
            // Reordered: the name's own tokens reversed, a legal form staying at the end.
            let core = normalize::normalize(primary);
            if core.tokens.len() >= 2 {
                let mut reversed = core.tokens.clone();
                reversed.reverse();
                reversed.extend(core.legal_forms.iter().rev().cloned());
                record(3, reversed.join(" "), &entry.id, &mut categories);
            }
            if let Some(t) = transliterate(&tokens, &mut rng) {
                record(4, t.join(" "), &entry.id, &mut categories);
            }
        }
    }
    // Well-known variant spellings, checked against the entry that carries the name.
    for (query, listed) in [
        ("Muammar Gaddafi", "QADHAFI, Muammar"),
        ("Moammar Kadhafi", "QADHAFI, Muammar"),
        ("Muammar al-Qaddafi", "QADHAFI, Muammar"),
        ("Hezbollah", "HIZBALLAH"),
        ("Hizbullah", "HIZBALLAH"),
        ("Osama bin Laden", "Usama Muhammed Awad bin Laden"),
    ] {
        let expected = index
            .entries
            .iter()
            .find(|e| e.names.iter().any(|n| n.text.eq_ignore_ascii_case(listed)))
            .map(|e| e.id.clone());
        if let Some(expected) = expected {
            record(5, query.to_owned(), &expected, &mut categories);
        }
    }
    // Clean names: those equal (as token sets) to a listed name are real hits, not alarms.
    let listed: HashSet<Vec<u32>> = index
        .names
        .iter()
        .map(|n| {
            let mut t = n.tokens.to_vec();
            t.sort_unstable();
            t
        })
        .collect();
    let mut report = Report {
        categories,
        ..Report::default()
    };
    for set in clean_sets() {
        let mut category = CleanCategory {
            name: set.name,
            ..CleanCategory::default()
        };
        for name in set.names {
            let normalized = normalize::normalize(&name);
            let mut ids: Vec<u32> = Vec::new();
            let mut known = true;
            for t in &normalized.tokens {
                match index.token_id(t) {
                    Some(id) => ids.push(id),
                    None => known = false,
                }
            }
            ids.sort_unstable();
            if known && listed.contains(&ids) {
                continue;
            }
            category.tried += 1;
            let hits = screen::screen(index, &ScreenParams::for_name(&name, THRESHOLD, 1));
            if let Some(hit) = hits.first() {
                category.alarms += 1;
                let listed = &index.names[hit.best.name as usize];
                let text = index.entries[listed.entry as usize].names[listed.name as usize]
                    .text
                    .clone();
                category.examples.push((name, text, hit.score));
            }
        }
        report.clean_tried += category.tried;
        report.false_alarms += category.alarms;
        report
            .alarm_examples
            .extend(category.examples.iter().cloned());
        report.clean.push(category);
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use suite_sanctions::real_lists::load;

    /// On the real lists (OFAC SDN 2021, OFAC Consolidated 2025, UN 2026): recall at least
    /// 98 % on perturbed list names (measured 98.32 %), and false alarms on common names at
    /// most 1 % (measured 0.91 %).
    #[test]
    fn sanctions_screening_meets_its_recall_and_false_alarm_targets() {
        let index = Index::build(vec![
            load("ofac-sdn-2021"),
            load("ofac-cons-2025"),
            load("un/consolidated.xml"),
        ]);
        let report = evaluate(&index);
        let text = report.render_with(5);
        assert!(report.recall() >= 0.98, "{text}");
        assert!(report.false_alarm_rate() <= 0.010, "{text}");
        assert!(report.clean_tried >= 2800, "{text}");
        // A single common surname, and companies sharing a generic word, rarely alarm.
        for kind in ["lone_surnames", "generic_companies", "western_personal"] {
            let c = report.clean.iter().find(|c| c.name == kind).expect(kind);
            assert!(c.rate() <= 0.06, "{kind}: {text}");
        }
    }
}
