//! Held-out check: invented texts (letters, forms, chat, invoices; names of many origins;
//! addresses of many countries and layouts) with their labelled entities, written apart
//! from the evaluation file and never used to tune a rule. Each entity is given by its
//! kind and exact text; the first occurrence at or after the previous entity of the same
//! text is labelled. Scored token by token by `eval_text --heldout` and by a unit test.

/// (text, [(kind name, entity text)]).
pub const HELDOUT: &[(&str, &[(&str, &str)])] = &[
    (
        "Dear Mrs. Okonkwo-Bright,\nplease find enclosed the invoice for your order.",
        &[("name", "Okonkwo-Bright")],
    ),
    (
        "Ship to: Harriet Vandermeer\n418 Larchmont Avenue\nApt. 12C\nEvanston, IL 60201\nUnited States",
        &[
            ("name", "Harriet Vandermeer"),
            (
                "address",
                "418 Larchmont Avenue\nApt. 12C\nEvanston, IL 60201\nUnited States",
            ),
        ],
    ),
    (
        "Rechnungsadresse: Lindenstraße 14\n80331 München\nDeutschland",
        &[("address", "Lindenstraße 14\n80331 München\nDeutschland")],
    ),
    (
        "hi Tobias, can you call me back on +49 171 2345678 tonight?",
        &[("name", "Tobias"), ("phone", "+49 171 2345678")],
    ),
    (
        "Our new office: Storgatan 23, 114 55 Stockholm, Sweden.",
        &[("address", "Storgatan 23, 114 55 Stockholm, Sweden")],
    ),
    (
        "Payment received from card 4539 1488 0343 6467, thank you Priya Raman.",
        &[
            ("credit_card", "4539 1488 0343 6467"),
            ("name", "Priya Raman"),
        ],
    ),
    (
        "Name: Dmitri A. Volkonsky\nPhone: (415) 555-0142\nEmail: d.volkonsky@mailbox.org",
        &[
            ("name", "Dmitri A. Volkonsky"),
            ("phone", "(415) 555-0142"),
            ("email", "d.volkonsky@mailbox.org"),
        ],
    ),
    (
        "The parcel goes to 77 Rue des Lilas, 69003 Lyon, France.",
        &[("address", "77 Rue des Lilas, 69003 Lyon, France")],
    ),
    (
        "Please wire the deposit to IBAN GB82 WEST 1234 5698 7654 32 before Friday.",
        &[("bank_account", "GB82 WEST 1234 5698 7654 32")],
    ),
    (
        "Meeting notes by Fatima Al-Sayed: budget approved.",
        &[("name", "Fatima Al-Sayed")],
    ),
    (
        "Address: Mannerheimintie 8 B 21\n00100 Helsinki\nFinland",
        &[("address", "Mannerheimintie 8 B 21\n00100 Helsinki\nFinland")],
    ),
    (
        "You can reach Wojciech Zieliński at 601 234 567 after 5 pm.",
        &[("name", "Wojciech Zieliński"), ("phone", "601 234 567")],
    ),
    (
        "My SSN is 219-09-9999 and my card is 5425-2334-3010-9903.",
        &[
            ("ssn", "219-09-9999"),
            ("credit_card", "5425-2334-3010-9903"),
        ],
    ),
    (
        "Invoice #88213 dated 2023-06-14, total 1 250.00 EUR, due in 30 days.",
        &[],
    ),
    (
        "The conference takes place in Vienna from 12 to 15 May 2024.",
        &[],
    ),
    (
        "Thanks Mateus, I sent the contract to Ana Beatriz Souza yesterday.",
        &[("name", "Mateus"), ("name", "Ana Beatriz Souza")],
    ),
    (
        "Deliver to 2210 Maple Ridge Drive Suite 400, Calgary, AB T2P 1J9, Canada",
        &[(
            "address",
            "2210 Maple Ridge Drive Suite 400, Calgary, AB T2P 1J9, Canada",
        )],
    ),
    (
        "Indirizzo: Via Garibaldi 42, 10122 Torino",
        &[("address", "Via Garibaldi 42, 10122 Torino")],
    ),
    (
        "Kenji Watanabe will present the quarterly results.",
        &[("name", "Kenji Watanabe")],
    ),
    (
        "Contact person: Ingrid Halvorsen, tel. 22 33 44 55",
        &[("name", "Ingrid Halvorsen"), ("phone", "22 33 44 55")],
    ),
    (
        "The shop is located at 15 Keizersgracht 220, 1016 DZ Amsterdam.",
        &[("address", "15 Keizersgracht 220, 1016 DZ Amsterdam")],
    ),
    (
        "Signed, Olumide K. Adeyemi",
        &[("name", "Olumide K. Adeyemi")],
    ),
    (
        "Please update my billing address to 9 Kossuth Lajos utca 31.\n Apt. 5\n Debrecen\n Hungary 4024",
        &[(
            "address",
            "9 Kossuth Lajos utca 31.\n Apt. 5\n Debrecen\n Hungary 4024",
        )],
    ),
    (
        "Version 2.4.1 was released on 03/04/2022 with 1500 fixes.",
        &[],
    ),
    (
        "From: Siobhan O'Sullivan\nTo: accounts team\nSubject: refund",
        &[("name", "Siobhan O'Sullivan")],
    ),
    (
        "Card: 3714 496353 98431, expiry 09/27",
        &[("credit_card", "3714 496353 98431")],
    ),
    (
        "Our warehouse: 5120 Industrial Parkway, Hayward, CA 94545",
        &[("address", "5120 Industrial Parkway, Hayward, CA 94545")],
    ),
    (
        "Can you ask Giulia Ferraro whether the room is free?",
        &[("name", "Giulia Ferraro")],
    ),
    (
        "Please send the documents to ul. Marszałkowska 84, 00-514 Warszawa, Poland.",
        &[("address", "ul. Marszałkowska 84, 00-514 Warszawa, Poland")],
    ),
    (
        "The team grew from 12 to 48 people in 2021 and moved to Austin.",
        &[],
    ),
    (
        "Best regards,\nLars-Erik Nyström\nSales Manager\nmobile +46 70 123 45 67",
        &[("name", "Lars-Erik Nyström"), ("phone", "+46 70 123 45 67")],
    ),
    (
        "Patient: Aisha Bello, date of birth 14/02/1987",
        &[("name", "Aisha Bello"), ("date_of_birth", "14/02/1987")],
    ),
    (
        "I moved to 3 Elm Close, Bristol BS8 1TH last month.",
        &[("address", "3 Elm Close, Bristol BS8 1TH")],
    ),
    (
        "Rafael: are you coming tonight?\nMiriam: yes, after work",
        &[("name", "Rafael"), ("name", "Miriam")],
    ),
    (
        "We met at the corner of Oak Street and Fifth Avenue.",
        &[("address", "the corner of Oak Street and Fifth Avenue")],
    ),
    (
        "Send it to 640 Juniper Lane\n> Unit 7\n> Boise, ID 83702",
        &[("address", "640 Juniper Lane\n> Unit 7\n> Boise, ID 83702")],
    ),
    (
        "Dirección: Calle de Alcalá 120, 28009 Madrid, España",
        &[("address", "Calle de Alcalá 120, 28009 Madrid, España")],
    ),
    (
        "The report was written by Nguyen Van Minh and reviewed by Chloé Dubois.",
        &[("name", "Nguyen Van Minh"), ("name", "Chloé Dubois")],
    ),
    (
        "Pay by card 6011 0009 9013 9424 or by bank transfer.",
        &[("credit_card", "6011 0009 9013 9424")],
    ),
    (
        "Our Berlin branch opened in 2019; the United Kingdom office follows.",
        &[],
    ),
    (
        "Leave the keys with Bartholomew Ashworth-Grey at reception.",
        &[("name", "Bartholomew Ashworth-Grey")],
    ),
    (
        "Adresse : 8 avenue Victor Hugo\n75016 Paris",
        &[("address", "8 avenue Victor Hugo\n75016 Paris")],
    ),
    (
        "Order 4471-2209 shipped; call 0800 123 4567 for help.",
        &[("phone", "0800 123 4567")],
    ),
    (
        "Hello Svetlana, your appointment with Dr. Hamid Karimi is confirmed.",
        &[("name", "Svetlana"), ("name", "Hamid Karimi")],
    ),
];
