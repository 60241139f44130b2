use super::*;

fn t(s: &str) -> Clock {
    Clock::parse(s).unwrap()
}

fn w(tipo: Fulfilment, dia: u8, a: &str, b: &str) -> Window {
    Window {
        tipo,
        dia_semana: dia,
        inicio: t(a),
        fim: t(b),
    }
}

const E: Fulfilment = Fulfilment::Delivery;
const R: Fulfilment = Fulfilment::Pickup;

/// UTC ms of `AAAA-MM-DD HH:MM` in São Paulo.
fn sp(date: &str, time: &str) -> i64 {
    Date::parse(date).unwrap().start_ms() + t(time).ms()
}

fn slot(date: &str, a: &str, b: &str) -> Slot {
    Slot::parse(date, a, b).unwrap()
}

fn dates(v: &[Slot]) -> Vec<String> {
    v.iter()
        .map(|s| format!("{} {}", s.data.iso(), hours(s.inicio, s.fim)))
        .collect()
}

/// Tuesday and Friday 8h–12h deliveries, Saturday 9h–11h pickups.
fn tue_fri(cutoff: Cutoff) -> DeliveryDays {
    DeliveryDays::new(
        vec![
            w(E, 5, "08:00", "12:00"),
            w(E, 2, "08:00", "12:00"),
            w(R, 6, "09:00", "11:00"),
        ],
        cutoff,
    )
    .unwrap()
}

#[test]
fn clock_reads_and_writes_brazilian_hours() {
    assert_eq!(t("08:00").iso(), "08:00");
    assert_eq!(t("8:30").label(), "8h30");
    assert_eq!(t("8h").iso(), "08:00");
    assert_eq!(t("18h30").iso(), "18:30");
    assert_eq!(t("23:59").minutes(), 23 * 60 + 59);
    for bad in ["", "24:00", "12:60", "8", "ab:cd", "8:5", "123:00", "-1:00"] {
        assert_eq!(Clock::parse(bad), None, "{bad}");
    }
}

#[test]
fn offered_dates_cross_the_week_boundary() {
    // Saturday 2026-11-28, 10:00 in São Paulo: next Tuesday is 12-01, Friday 12-04 …
    let days = tue_fri(Cutoff::AtStart);
    let now = sp("2026-11-28", "10:00");
    let offered = days.offered(E, now);
    assert_eq!(
        dates(&offered),
        [
            "2026-12-01 8h–12h",
            "2026-12-04 8h–12h",
            "2026-12-08 8h–12h",
            "2026-12-11 8h–12h",
        ]
    );
    // Pickups: Saturday 9h–11h already started today, so next Saturday only (12-12 is
    // beyond the fourteen days, today included).
    assert_eq!(dates(&days.offered(R, now)), ["2026-12-05 9h–11h"]);
    // Across a year's end too.
    let new_year = days.offered(E, sp("2026-12-30", "09:00"));
    assert_eq!(new_year[0].data.iso(), "2027-01-01");
    assert_eq!(new_year[1].data.iso(), "2027-01-05");
}

#[test]
fn a_window_of_today_is_offered_until_it_starts() {
    let days = tue_fri(Cutoff::AtStart);
    let tuesday = "2026-12-01";
    assert_eq!(
        days.offered(E, sp(tuesday, "07:59"))[0],
        slot(tuesday, "08:00", "12:00")
    );
    assert_eq!(
        days.offered(E, sp(tuesday, "08:00"))[0].data.iso(),
        "2026-12-04"
    );
}

#[test]
fn cutoff_the_evening_before_just_before_and_after() {
    // 'pedidos até 18h do dia anterior'.
    let days = tue_fri(Cutoff::DaysBefore {
        days: 1,
        at: t("18:00"),
    });
    let tuesday = slot("2026-12-01", "08:00", "12:00");
    let before = sp("2026-11-30", "17:59");
    let after = sp("2026-11-30", "18:00");
    assert_eq!(days.offered(E, before)[0], tuesday);
    assert_eq!(days.offered(E, after)[0].data.iso(), "2026-12-04");
    assert_eq!(
        days.check_choice(E, before, Some(tuesday)),
        Ok(Some(tuesday))
    );
    assert_eq!(
        days.check_choice(E, after, Some(tuesday)),
        Err(DaysError::NotOffered(E))
    );
    assert_eq!(
        days.check_choice(E, after, Some(tuesday))
            .unwrap_err()
            .to_string(),
        "Esta data de entrega não está mais disponível. Escolha outra."
    );
}

#[test]
fn cutoff_in_hours_before_the_window() {
    let days = tue_fri(Cutoff::HoursBefore(24));
    // Tuesday 08:00 minus 24 h = Monday 08:00.
    assert_eq!(
        days.offered(E, sp("2026-11-30", "07:59"))[0].data.iso(),
        "2026-12-01"
    );
    assert_eq!(
        days.offered(E, sp("2026-11-30", "08:00"))[0].data.iso(),
        "2026-12-04"
    );
}

#[test]
fn late_night_utc_is_still_the_previous_day_in_sao_paulo() {
    // 2026-12-01 01:30 UTC is Monday 2026-11-30 22:30 in São Paulo (UTC−3, no DST): the
    // Tuesday is still open with a cut-off of 23:00 the day before, and Monday is "today".
    let now = 1_796_088_600_000; // 2026-12-01T01:30:00Z
    assert_eq!(Date::of_ms(now).unwrap().iso(), "2026-11-30");
    assert_eq!(now, sp("2026-11-30", "22:30"));
    let days = tue_fri(Cutoff::DaysBefore {
        days: 1,
        at: t("23:00"),
    });
    assert_eq!(
        days.offered(E, now)[0],
        slot("2026-12-01", "08:00", "12:00")
    );
    // A Monday window 23:00–23:30 is still today's.
    let monday = DeliveryDays::new(vec![w(E, 1, "23:00", "23:30")], Cutoff::AtStart).unwrap();
    assert_eq!(
        monday.offered(E, now)[0],
        slot("2026-11-30", "23:00", "23:30")
    );
    // In January (southern summer, when Brazil used to shift its clocks) it is still
    // UTC−3: 2027-01-15T02:59Z is 23:59 of the 14th in São Paulo.
    let january = 1_799_981_940_000; // 2027-01-15T02:59:00Z
    assert_eq!(Date::of_ms(january).unwrap().iso(), "2027-01-14");
    assert_eq!(
        Date::of_ms(january + MINUTE_MS).unwrap().iso(),
        "2027-01-15"
    );
}

#[test]
fn the_horizon_is_fourteen_days() {
    let every_day = DeliveryDays::new(
        (0..7).map(|d| w(E, d, "08:00", "09:00")).collect(),
        Cutoff::AtStart,
    )
    .unwrap();
    let offered = every_day.offered(E, sp("2026-11-28", "07:00"));
    assert_eq!(offered.len(), 14);
    assert_eq!(offered[13].data.iso(), "2026-12-11");
    // A date in the past or beyond the horizon is not offered.
    let now = sp("2026-11-28", "07:00");
    for c in [
        slot("2026-11-27", "08:00", "09:00"),
        slot("2026-12-12", "08:00", "09:00"),
        slot("2026-11-28", "08:00", "08:30"),
    ] {
        assert_eq!(
            every_day.check_choice(E, now, Some(c)),
            Err(DaysError::NotOffered(E))
        );
    }
}

#[test]
fn no_days_keeps_no_date() {
    let none = DeliveryDays::default();
    assert!(none.offered(E, sp("2026-11-28", "07:00")).is_empty());
    assert_eq!(none.check_choice(E, 0, None), Ok(None));
    assert_eq!(
        none.check_choice(
            E,
            sp("2026-11-28", "07:00"),
            Some(slot("2026-12-01", "08:00", "12:00"))
        ),
        Err(DaysError::NotOffered(E))
    );
    // Delivery days only: pickup still has no date.
    let days = DeliveryDays::new(vec![w(E, 2, "08:00", "12:00")], Cutoff::AtStart).unwrap();
    assert_eq!(days.check_choice(R, 0, None), Ok(None));
    assert_eq!(
        days.check_choice(E, 0, None).unwrap_err().to_string(),
        "Escolha a data e o horário da entrega."
    );
}

#[test]
fn bad_settings_are_refused_with_their_message() {
    let form = |json: &str| {
        serde_json::from_str::<DaysForm>(json)
            .unwrap()
            .validate()
            .map_err(|e| e.to_string())
    };
    let cases: &[(&str, &str)] = &[
        (
            r#"{"janelas":[{"tipo":"entrega","dia_semana":2,"inicio":"12:00","fim":"08:00"}]}"#,
            "A janela de entrega de terça-feira, 12h–8h termina antes de começar.",
        ),
        (
            r#"{"janelas":[{"tipo":"entrega","dia_semana":2,"inicio":"08:00","fim":"08:00"}]}"#,
            "A janela de entrega de terça-feira, 8h–8h termina antes de começar.",
        ),
        (
            r#"{"janelas":[{"tipo":"retirada","dia_semana":5,"inicio":"10:00","fim":"14:00"},{"tipo":"retirada","dia_semana":5,"inicio":"08:00","fim":"12:00"}]}"#,
            "As janelas de retirada de sexta-feira, 8h–12h e 10h–14h se sobrepõem.",
        ),
        (
            r#"{"janelas":[{"tipo":"entrega","dia_semana":2,"inicio":"08:00","fim":"12:00"}],"corte_tipo":"dias","corte_dias":"0","corte_hora":"10:00"}"#,
            "O prazo para pedidos termina depois do início da entrega de terça-feira, 8h–12h.",
        ),
        (
            r#"{"janelas":[{"tipo":"entrega","dia_semana":2,"inicio":"08:00","fim":"12:00"}],"corte_tipo":"horas","corte_horas":"-2"}"#,
            "O prazo para pedidos termina depois do início da entrega de terça-feira, 8h–12h.",
        ),
        (
            r#"{"janelas":[{"tipo":"entrega","dia_semana":2,"inicio":"8","fim":"12:00"}]}"#,
            "Insira um horário válido, como 08:00.",
        ),
        (
            r#"{"janelas":[{"tipo":"entrega","dia_semana":7,"inicio":"08:00","fim":"12:00"}]}"#,
            "Escolha um dia da semana.",
        ),
        (
            r#"{"corte_tipo":"horas","corte_horas":"doze"}"#,
            "Insira um prazo para pedidos válido.",
        ),
        (
            r#"{"corte_tipo":"horas","corte_horas":"169"}"#,
            "Insira um prazo para pedidos válido.",
        ),
        (
            r#"{"corte_tipo":"dias","corte_dias":"1","corte_hora":""}"#,
            "Insira um prazo para pedidos válido.",
        ),
    ];
    for (json, message) in cases {
        assert_eq!(form(json).unwrap_err(), *message, "{json}");
    }
    // Touching windows are fine; the same hours on another day or kind too.
    let ok = form(
        r#"{"janelas":[{"tipo":"entrega","dia_semana":"2","inicio":"12:00","fim":"14:00"},{"tipo":"entrega","dia_semana":2,"inicio":"8h","fim":"12h"},{"tipo":"retirada","dia_semana":2,"inicio":"08:00","fim":"12:00"}],"corte_tipo":"dias","corte_dias":1,"corte_hora":"18:00"}"#,
    )
    .unwrap();
    assert_eq!(ok.windows()[0].inicio, t("08:00"));
    assert_eq!(ok.cutoff().label(), "pedidos até 18h do dia anterior");
    // A same-day cut-off before every window is fine.
    assert!(
        form(r#"{"janelas":[{"tipo":"entrega","dia_semana":2,"inicio":"14:00","fim":"16:00"}],"corte_tipo":"dias","corte_dias":0,"corte_hora":"10:00"}"#)
            .is_ok()
    );
}

#[test]
fn record_round_trip_and_labels() {
    let days = tue_fri(Cutoff::DaysBefore {
        days: 1,
        at: t("18:00"),
    });
    let json = serde_json::to_value(&days).unwrap();
    assert_eq!(json["corte_dias"], 1);
    assert_eq!(json["corte_hora"], "18:00");
    assert_eq!(json["janelas"][0]["tipo"], "entrega");
    assert_eq!(json["janelas"][0]["dia_semana"], 2);
    let back: DeliveryDays = serde_json::from_value(json).unwrap();
    assert_eq!(back, days);
    assert_eq!(days.summary(E), "Terça e sexta, 8h–12h");
    assert_eq!(days.summary(R), "Sábado, 9h–11h");
    assert_eq!(DeliveryDays::default().summary(E), "");
    assert_eq!(
        slot("2026-12-01", "08:00", "12:00").label(),
        "terça-feira, 1 de dezembro, 8h–12h"
    );
    assert_eq!(
        slot("2027-03-06", "09:30", "11:00").label(),
        "sábado, 6 de março, 9h30–11h"
    );
    assert_eq!(Slot::parse("2026-12-01", "12:00", "08:00"), None);
    assert_eq!(
        Cutoff::HoursBefore(12).label(),
        "pedidos até 12 horas antes"
    );
}
