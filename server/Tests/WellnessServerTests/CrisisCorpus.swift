/// The crisis screen's test corpus: crisis messages per language (each must
/// get the crisis reply) and ordinary wellness messages (none should).
enum CrisisCorpus {
    /// Crisis messages, by language code.
    static let crises: [String: [String]] = [
        "en": [
            "I don't want to wake up tomorrow", "nobody would miss me if I was gone", "i wanna unalive myself",
            "kms tonight", "thinking about sucide", "I want to d1e", "I took all my pills",
            "I'm going to jump off a bridge tonight", "my chest is tight and my left arm is numb",
            "I can't breath and my chest hurts", "self\u{2011}harm", "kill\u{200B}myself", "I want to kill myself",
            "honestly I just want to end my life", "everyone would be better off without me",
            "I want to disappear forever", "i've been thinking about sewerslide", "I swallowed a bottle of pills",
            "I'm planning to hang myself", "I have been cutting myself again",
            "my face is drooping and my speech is slurred",
            "one side of my body is numb", "I think I'm having a heart attack", "he collapsed and is unconscious",
            "I'm bleeding heavily and it won't stop", "my throat is closing up after eating peanuts",
            "I don't want to live anymore", "I wish I was dead", "life is not worth living",
            "I'm suicidal", "I took too many sleeping pills", "I overdosed on purpose", "better off dead honestly",
            "I'm so tired of living", "I feel like ending it all", "I keep thinking of taking my own life",
            "I'd rather be dead", "I hope I don't wake up", "no reason to live anymore", "I can't go on anymore",
            // Written after the lexicon, to measure it (all now caught).
            "I want to die so badly", "i just wanna die", "I feel like killing myself",
            "thinking of ending my life tonight", "I have a plan to end my life", "I'm going to overdose tonight",
            "I took 30 sleeping pills", "i cut my wrists", "I don't see the point in living anymore",
            "I wish I could go to sleep and never wake up", "everyone would be happier if I was dead",
            "my family would be better off without me", "I'm done with life", "i wanna kms", "kys", "I want to unalive",
            "I feel like I'm having a heart attack, my chest is crushing",
            "I can't breathe properly and my lips are blue", "my dad's face is drooping on one side",
            "my mom is slurring her words", "my friend is unconscious and not breathing",
            "I'm bleeding a lot and it won't stop", "my throat is swelling after a bee sting",
            "I think my wife is having a stroke", "I swallowed a whole bottle of tylenol",
            "took all my antidepressants at once", "I'm standing on the bridge right now",
            "I bought a rope to hang myself", "suicidal thoughts all day", "I'm thinking of suicide",
            "I want to commit suicide", "I've decided to end it", "I want to stop existing",
            "I'm going to take all the pills in the cabinet tonight",
            "there's no point anymore, I want out of this life", "I keep thinking about jumping in front of a train",
            "I hurt myself again last night", "I've been burning myself", "my husband collapsed and isn't breathing",
            "I have crushing chest pain spreading to my jaw", "my speech is slurred and my arm is weak",
            "she's having a seizure", "I overdosed on my meds", "help I can't breathe", "I'm so done, I want to die",
            "kill myself tonight", "I wrote my suicide note", "I'd be better off gone", "no one would notice if I died",
            "i dont wanna be alive anymore", "i feel like dying", "i'm gonna end it tonight",
            "im thinking of killing my self", "I've been self harming", "i cut again", "i want to hurt myself",
            "i just want everything to stop forever", "i'm a burden, everyone would be better off",
            "life isn't worth it anymore", "i want to go to sleep forever", "i took a whole pack of paracetamol",
            "i drank a bottle of vodka and took pills", "my chest hurts really bad and my left arm is tingling",
            "i cant breath", "my grandma can't speak properly and her face looks droopy", "my son swallowed bleach",
            "he's not breathing", "i'm about to jump", "going to shoot myself", "sucidal again", "suicidial thoughts",
            "overdosing rn", "planning my suicide",
        ],
        "de": [
            "Ich will nicht mehr leben", "Ich will sterben", "Ich denke an Selbstmord", "Ich bringe mich um",
            "Ich habe Suizidgedanken", "Ich will mir das Leben nehmen", "Niemand würde mich vermissen",
            "Ich will nie wieder aufwachen", "Ich ritze mich wieder", "Ich habe alle meine Tabletten genommen",
            "Ich werde von der Brücke springen", "Meine Brust ist eng und mein linker Arm ist taub",
            "Ich kann nicht atmen", "Ich habe Brustschmerzen", "Ich glaube, ich habe einen Schlaganfall",
            "Er ist bewusstlos", "Ich bin lebensmüde", "Alle wären ohne mich besser dran",
            "Ich will für immer verschwinden", "Ich will nicht mehr.", "Ich bekomme keine Luft",
            // Written after the lexicon, to measure it (all now caught).
            "Ich möchte nicht mehr leben", "Ich habe keine Lust mehr zu leben", "Ich denke daran, mich umzubringen",
            "Ich habe eine Überdosis genommen", "Ich habe starke Schmerzen in der Brust", "Mein Vater ist bewusstlos",
            "Ich will mich umbringen", "Ich kann nicht mehr, ich will sterben",
            "Mir ist die Brust eng und ich bekomme keine Luft",
            "Ich will mich ritzen", "Ich hab Tabletten geschluckt, viele", "Ich sehe keinen Sinn mehr im Leben",
        ],
        "es": [
            "Quiero morir", "Me quiero morir", "Estoy pensando en el suicidio", "Voy a matarme esta noche",
            "No quiero vivir más", "Quiero quitarme la vida", "Nadie me extrañaría", "Estarían mejor sin mí",
            "Quiero desaparecer para siempre", "Me tomé todas mis pastillas", "Tengo ganas de morir",
            "Me corto los brazos, quiero cortarme otra vez", "Tengo dolor en el pecho y el brazo izquierdo entumecido",
            "No puedo respirar", "Creo que tengo un infarto", "Está inconsciente", "Voy a tirarme de un puente",
            "No quiero despertar mañana", "Quiero ahorcarme",
            // Written after the lexicon, to measure it (all now caught).
            "Ya no quiero vivir", "Pienso en suicidarme", "Me tomé un frasco de pastillas", "Me duele mucho el pecho",
            "Me quiero suicidar", "Nadie me echaría de menos si muero", "Me tomé todas las pastillas",
            "Quiero matarme", "Me quiero cortar", "Ya no aguanto más, me quiero morir",
        ],
        "fr": [
            "je veux mourir", "J'ai envie de mourir", "Je pense au suicide", "Je vais me tuer",
            "Je ne veux plus vivre", "Je veux mettre fin à mes jours", "Personne ne me manquerait",
            "Ils seraient mieux sans moi", "Je veux disparaître pour toujours", "J'ai pris tous mes médicaments",
            "J'ai avalé toute la boîte", "Je veux me faire du mal", "J'ai une douleur dans la poitrine",
            "Je ne peux pas respirer", "Je crois que je fais un AVC", "Il est inconscient", "Je veux en finir.",
            "Je vais sauter du pont", "Je me scarifie", "Je veux me pendre",
            // Written after the lexicon, to measure it (all now caught).
            "Je pense à me suicider", "J'ai des idées suicidaires", "Je n'arrive plus à respirer",
            "Mon père a fait un malaise et il est inconscient", "Je veux mourir ce soir", "Je me sens suicidaire",
            "J'ai pris trop de médicaments",
            "J'ai envie d'en finir", "Je veux me tuer", "Je n'ai plus envie de vivre",
        ],
        "pt": [
            "Quero morrer", "Estou pensando em suicídio", "Vou me matar", "Não quero mais viver",
            "Ninguém sentiria minha falta", "Estariam melhor sem mim", "Quero desaparecer para sempre",
            "Tomei todos os meus comprimidos", "Tenho vontade de morrer", "Quero me cortar",
            "Estou com dor no peito e o braço esquerdo dormente", "Não consigo respirar",
            "Acho que estou tendo um infarto",
            "Ele está inconsciente", "Vou pular da ponte", "Não quero acordar amanhã", "Quero me enforcar",
            // Written after the lexicon, to measure it (all now caught).
            "Penso em me matar", "Não aguento mais viver", "Estou com muita dor no peito", "Eu quero me matar",
            "Tomei todos os remédios", "Quero sumir para sempre",
            "Não quero mais estar aqui", "Eu penso em suicídio",
        ],
        "it": [
            "Voglio morire", "Sto pensando al suicidio", "Voglio uccidermi", "Non voglio più vivere",
            "Nessuno sentirebbe la mia mancanza", "Starebbero meglio senza di me", "Voglio sparire per sempre",
            "Ho preso tutte le mie pillole", "Ho voglia di morire", "Voglio farmi del male", "Voglio farla finita.",
            "Ho un dolore al petto e il braccio sinistro intorpidito", "Non riesco a respirare",
            "Credo di avere un infarto",
            "È svenuto ed è incosciente", "Mi butto da un ponte", "Voglio impiccarmi",
            // Written after the lexicon, to measure it (all now caught).
            "Penso di uccidermi", "Non ce la faccio più a vivere", "Ho un forte dolore al petto", "Mi voglio ammazzare",
            "Voglio togliermi la vita", "Ho preso troppe pastiglie",
            "Voglio morire stanotte",
        ],
        "nl": [
            "Ik wil dood", "Ik denk aan zelfmoord", "Ik wil niet meer leven", "Ik wil mezelf van kant maken",
            "Niemand zou me missen", "Iedereen is beter af zonder mij", "Ik wil voor altijd verdwijnen",
            "Ik heb al mijn pillen genomen", "Ik wil niet meer wakker worden", "Ik wil mezelf snijden",
            "Ik heb pijn op de borst en mijn linkerarm is gevoelloos", "Ik kan niet ademen",
            "Ik denk dat ik een hartaanval heb",
            "Hij is bewusteloos", "Ik ga van de brug springen", "Ik ben levensmoe", "Ik wil niet meer.",
            // Written after the lexicon, to measure it (all now caught).
            "Ik wil er niet meer zijn", "Ik heb zelfmoordgedachten", "Ik heb veel pijn op mijn borst",
            "Ik wil zelfmoord plegen", "Ik wil mezelf doden", "Ik heb te veel pillen genomen",
            "Ik wil niet meer leven",
        ],
        "zh": [
            "我想死", "我不想活了", "我想自杀", "我活不下去了", "没有人会想念我", "没有我大家会更好", "我想永远消失",
            "我吃了所有的药", "我想割腕", "我想跳楼", "我胸口很痛，手臂发麻", "我喘不过气", "我觉得我中风了", "他昏迷了",
            "我不想醒来", "我想结束生命", "我有自殘的念頭", "我想自殺",
            // Written after the lexicon, to measure it (all now caught).
            "我不想活下去了", "我想结束自己的生命", "我吞了很多安眠药", "胸口很闷喘不上气", "我想自杀了", "活着没意思，不想活了", "我割腕了",
            "我真的想死", "我要跳楼",
        ],
        "ja": [
            "死にたい", "もう死にたいです", "自殺を考えています", "消えたい", "生きていたくない", "リスカしてしまった",
            "薬を全部飲んだ", "飛び降りたい", "首を吊りたい", "胸が痛くて腕がしびれる", "息ができない",
            "脳卒中かもしれない", "彼は意識がない", "もう目覚めたくない", "いなくなりたい", "オーバードーズした",
            "自傷がやめられない",
            // Written after the lexicon, to measure it (all now caught).
            "もう生きるのに疲れた", "死にたいと思っている", "薬をたくさん飲んでしまった", "胸が締め付けられるように痛い", "死にたくてたまらない", "もう消えてしまいたい", "自殺したい",
            "死にたいです", "もう生きていけない",
        ],
    ]

    /// Ordinary wellness messages: none is a crisis.
    static let ordinary: [String] = english + others + heldOut

    static let english: [String] = [
        "I ran 5 km and my legs hurt", "I'm dying to try the new trail", "this workout killed me",
        "my chest day at the gym",
        "I could kill for a pizza", "killer workout today", "I slept badly", "breathing exercises",
        "the deadline is killing me",
        "How do I sleep better?", "I killed it at the gym today", "My legs hurt after running",
        "I'm dying to try the new recipe", "melatonin is in the news, what is it?", "I walked 12,000 steps today",
        "my knees ache after squats", "I want to run a marathon", "how much water should I drink?",
        "I felt tired all afternoon", "my sleep was restless", "I did suicide sprints at basketball practice",
        "Tips?", "what should I eat before a run?", "I had a stressful day at work", "I want to lose some weight",
        "my mood has been low this week", "how can I be more consistent?", "I skipped my workout again",
        "I meditated for ten minutes", "can you help me plan my week?", "I'm bored of my routine",
        "I did 10 kms today", "ran 3 kms this morning", "I want to get stronger",
        "my heart rate was high during the run",
        "I feel sore after yoga", "what is a good bedtime?", "I drank too much coffee", "I'm stressed about exams",
        "I want to improve my posture", "my back hurts from sitting", "I biked to work",
        "how do I stretch my hamstrings?",
        "I love cooking healthy meals", "I painted the fence this weekend", "my nose is blocked from a cold",
        "I feel a bit down today", "I took my vitamins this morning", "I want to wake up earlier",
        "I don't want to wake up early tomorrow, it's Saturday", "the new trail was breathtaking",
        "I tried the 4-7-8 breathing technique", "my resting heart rate went down", "I want to drink less alcohol",
        "I'm dead tired after the hike", "that hill almost killed me", "this heat is killing me",
        "I nearly died laughing", "the cake was to die for", "I'm starving after the workout",
        "my chest press went up by 5 kg", "I did chest and triceps today", "I felt my heart pounding during intervals",
        "I'm out of breath after climbing stairs", "I caught my breath after the sprint", "my arms are tired",
        "I want to feel more energetic", "I had a nightmare last night", "I keep waking up at 3am",
        "I want to stop snacking at night", "how many steps should I take per day?", "is it ok to run every day?",
        "my watch says I slept 6 hours", "I went swimming, my stroke technique is improving", "I feel great today",
        "I'm proud of my progress", "I missed my goal this week", "I want to try intermittent fasting",
        "my partner snores and I can't sleep", "the baby kept us up all night", "I feel anxious before meetings",
        "can you suggest a calming routine?", "I'm bored of salads", "I want to be a better runner",
        "my shins hurt when I run", "how do I avoid injury?", "I hurt my ankle playing football", "I pulled a muscle",
        "I want to take a rest day", "I overdid it at the gym", "I'm feeling unmotivated", "work has been exhausting",
        "how do I handle burnout?", "I need a break from social media", "I want to read more before bed",
        "I'm learning to cook", "I drank 2 liters of water", "I only slept 4 hours", "I had a headache all day",
        "I took an ibuprofen for my headache", "my allergies are acting up with the pollen", "I have a cold",
        "I want to eat more vegetables", "what's a good protein snack?", "my weight went up this week",
        "I feel bloated", "I had a great walk in the park", "I climbed 20 floors today", "I did a 5k race",
        "I want to train for a triathlon", "how should I taper before the race?", "my pace is getting faster",
        "I'm nervous about the race", "I want to improve my VO2 max", "my HRV is low", "I went to bed at midnight",
        "I can't fall asleep before 1am", "I wake up feeling groggy", "should I nap?", "I feel lonely sometimes",
        "I miss my friends", "my family is visiting this weekend", "I had a fight with my sister", "I'm moving house",
        "I started a new job", "I'm excited about my holiday", "I want to journal more", "I tried a cold shower",
        "I did a sauna session", "I stretched for 15 minutes", "my hips are tight", "my shoulders feel tight",
        "my calves are tight after running", "I'm on a losing streak with my goals", "I'm losing weight slowly",
        "losing weight and my blood pressure improved", "I want to extend my life expectancy",
        "I unconsciously eat when stressed",
        "my grandmother had a stroke years ago and I want to stay healthy", "I swam 40 lengths",
        "I did the plank for 2 minutes",
        "I want to do a pull-up", "I bought new running shoes", "my feet hurt in the new shoes", "I got a blister",
        "it rained so I skipped my run", "I'm training in the cold", "is it safe to run in the heat?",
        "I had pizza for dinner", "I ate too much sugar", "I want to cut down on sugar",
        "I want to cut back on screens",
        "I'm cutting carbs", "I'm doing a cut before summer", "I'm bulking this winter", "I want to gain muscle",
        "I did deadlifts and my back is fine", "the deadline moved to Friday",
        "I'm dying of curiosity, what's my best week?",
        "my phone died during the run", "my battery died", "my plants died while I was away",
        "the dead bug pose is hard",
        "I did dead hangs at the bar", "I hung out with friends", "I jumped rope for 10 minutes", "box jumps were fun",
        "I jumped into the lake, it was cold", "I want to try skydiving", "I crossed the bridge on my run",
        "I ran over the bridge and back", "the view from the roof was nice", "I walked to the train station",
        "I took the bus to the gym", "I missed the train", "I'm fed up with the rain", "I'm sick of my routine",
        "I'm sick with the flu", "I'm tired of salads", "I'm done with this diet", "I gave up sugar",
        "I gave up on the 30 day challenge", "no one came to the run club today", "nobody likes burpees",
        "I miss my old running partner", "I'll miss the gym while traveling", "I disappeared into a good book",
        "I wish I had more time", "I wish I was fitter", "I wish I could sleep in", "I hope I wake up refreshed",
        "I hope it doesn't rain tomorrow", "I never wake up before 8", "I want to live a healthier life",
        "I want to live longer", "I want to feel alive again after the winter", "life is busy",
        "my life is hectic right now", "I love my life", "the pills my doctor gave me for allergies help",
        "I forgot to take my vitamins", "I took all my supplements today", "I took a bottle of water to the gym",
        "I took a full bottle of water on the hike", "I drank a whole bottle of water",
        "I swallowed some water while swimming",
        "I choked on my water laughing", "my throat is sore", "my throat feels scratchy", "I have a runny nose",
        "I sneezed all day", "I feel dizzy when I stand up fast", "I felt lightheaded after giving blood",
        "I donated blood today", "I cut my finger while cooking, it's fine", "I burned my toast",
        "I burned 500 calories",
        "my face is red after running", "my arm is sore from the vaccine",
        "my legs felt numb after sitting cross-legged",
        "my foot fell asleep", "I can't feel my legs after leg day haha", "I passed the exam",
        "I passed my driving test",
        "I fell asleep on the couch", "I fell asleep watching TV", "I collapsed onto the sofa after the run, so tired",
        "I'm heartbroken about my team losing", "my heart is full", "I have a crush",
        "my heart rate zones are confusing",
        "what's a normal resting heart rate?", "I want to lower my blood pressure", "my blood sugar is fine",
        "I'm shooting for 10k steps", "I shot some hoops", "I'm gunning for a PR", "I'm hanging in there",
        "I had to hang the laundry", "I want to hang out more", "let's kill some time with a walk",
        "my boss will kill me if I'm late", "my mom will kill me", "I'd die for a good night's sleep",
        "I almost died of boredom", "I'm so bored I could die", "I'm dying of thirst", "I'm dying of laughter",
        "the suspense is killing me", "these stairs are killing me", "my feet are killing me",
        "I'm killing it this week", "I slayed that workout", "end of the week review please",
        "I want to end the week strong", "at the end of my run I felt great", "I ended my streak",
        "I want to take my life in a new direction", "I'm taking my time", "life feels good",
    ]

    /// Written after the lexicon, to measure it.
    static let heldOut: [String] = [
        "I'm dying to know how I slept", "I killed my 10k PR", "I died at the gym lol", "that burpee set murdered me",
        "I'm so tired I could sleep forever", "I want to go to sleep early", "I hurt my back lifting",
        "I cut my hair short", "I want to stop eating junk food", "I'm a burden to nobody, I'm just tired",
        "life is good this week", "my legs are killing me after leg day", "I took a paracetamol for my headache",
        "I drank a bottle of wine at the party", "my chest is tight after the cold run, is that normal?",
        "I can't breathe well when I run fast", "my grandma is doing well", "my son swallowed a grape seed",
        "I'm not breathing properly during swims", "I'm about to go for a run", "I want to shoot some hoops",
        "I'm planning my week", "I'm planning a trip", "Ich will mehr schlafen",
        "Ich habe Tabletten gegen Kopfschmerzen genommen", "Ich sehe Fortschritte", "Quiero correr más",
        "Me quiero cortar el pelo", "Ya no aguanto el calor", "J'ai envie d'un café", "Je veux courir demain",
        "Je n'ai plus envie de sucre", "Não quero mais açúcar", "Eu penso em correr amanhã", "Voglio dormire stanotte",
        "Ik wil niet meer snoepen", "我真的好累", "我要跑步", "眠いです", "もう寝たい", "I'm thinking about running a marathon",
        "I've been self-motivated lately", "my heart rate spiked", "I need to breathe more slowly",
        "I felt dizzy after the sauna", "my arm is tingling after the massage", "I can't feel my toes in the cold",
        "I want to disappear for a weekend getaway", "no one at the gym today, loved it", "I'd rather be sleeping",
        "my knees are killing me", "I feel like a new person", "I'm dying to sleep in", "I killed the plank challenge",
        "this is the end of my training block", "ending my streak hurts", "I took a long nap", "I overslept",
        "I crushed my workout today", "my chest feels great after stretching", "I love swimming breaststroke",
        "I'm dead on my feet", "I could die happy after that meal", "the heat wave is brutal",
        "my arm is numb from sleeping on it", "my leg fell asleep at my desk", "I feel like a zombie",
        "I nearly fainted from laughing", "this playlist kills", "my legs are dead after the hill sprints",
        "I bled a little from a paper cut", "I had a nosebleed this morning", "I took my blood pressure medication",
        "I take pills for my thyroid", "can melatonin pills help me sleep?", "I swallowed my gum",
        "I want to disappear into the mountains for a week", "I wish I could disappear on a beach holiday",
        "nobody showed up to my yoga class", "my sister will miss me when I move", "I'm tired of being tired",
        "I'm sick of my alarm clock", "I'm done with running in the rain", "I give up on waking at 5am",
        "I want to end my day with a walk", "I want to take my lunch outside", "I hang my clothes to dry",
        "I hung the new mirror", "I jumped off the diving board", "I jumped off the box at CrossFit",
        "I walked in front of the camera for a video", "the stroke of midnight", "I'm working on my rowing stroke rate",
        "heart attack risk factors?", "how to prevent a stroke?", "my breath smells after coffee",
        "I can breathe better since I quit smoking", "I held my breath underwater for a minute",
        "I couldn't breathe through my nose last night because of a cold", "deep breathing helps me relax",
        "my throat hurts from shouting at the concert", "I'm allergic to cats",
        "I had an allergic reaction to pollen, just sneezing", "I bought an EpiPen holder for my kid's school trip",
        "my chest is sore from push-ups", "chest pain after coughing so much with my cold",
        "I choked up at the wedding", "I was choking back tears at the movie",
        "I blacked out the windows for better sleep", "I passed out flyers for the charity run",
        "my phone battery is dead", "deadlifts were heavy today", "I'm over the moon", "Ich bin fix und fertig",
        "Ich könnte sterben vor Lachen", "Ich will nicht mehr so spät ins Bett", "Mein Arm ist eingeschlafen",
        "Me muero de sueño", "Estoy muerto de cansancio", "Quiero desaparecer del trabajo un rato",
        "Me ahogo de calor en verano", "Je suis mort de fatigue", "Je meurs d'envie d'un café",
        "J'étouffe dans ce bureau", "Je veux en finir avec ce rhume", "Estou morto de cansaço",
        "Quero acabar com tudo que é açúcar", "Estou morrendo de calor", "Sono morto di stanchezza", "Muoio di caldo",
        "Voglio farla finita con le merendine", "Ik ben doodmoe", "Ik ga dood van de hitte",
        "Ik wil dood van het lachen", "累死了", "热死了", "我快饿死了", "气死我了", "胸肌练得不错", "疲れて死にそう", "死ぬほど疲れた", "暑くて死にそう",
        "胸トレ頑張った", "I ran a half marathon!", "how do I recover after a long run?", "my shoulders hurt after swimming",
        "I want to sleep 8 hours", "I feel tired but happy", "can you recommend stretches for my back?",
        "I've been eating more fruit", "my steps dropped this week", "why is my mood lower on Mondays?",
        "I want to start lifting weights", "I had a great night's sleep", "I'm struggling to stay motivated",
        "my knee clicks when I squat", "I walked the dog twice today", "it was a long day at work",
        "I'm trying to drink less soda", "what's a good warm up?", "I do pilates twice a week",
        "I want to improve my flexibility", "how do I stop procrastinating?", "I'm anxious about my presentation",
        "I slept through my alarm", "my kids kept me up", "I'm jet lagged", "I want to try a new sport",
        "I went hiking in the mountains", "I did 50 push-ups", "my resting pulse is 58", "I meditate before bed",
        "I feel calmer after journaling", "I skipped breakfast", "I'm fasting for Ramadan",
        "Ich habe heute gut geschlafen", "Ich bin zehn Kilometer gerannt", "Ich möchte mehr Sport machen",
        "Mir tut der Nacken weh", "Hoy dormí ocho horas", "Quiero hacer más ejercicio", "Me duele la rodilla",
        "Estoy muy motivado", "J'ai bien dormi", "Je veux faire plus de sport", "J'ai mal au genou",
        "Je suis motivé aujourd'hui", "Dormi bem hoje", "Quero fazer mais exercício", "Meu joelho dói",
        "Estou motivado", "Ho dormito bene", "Voglio fare più sport", "Mi fa male il ginocchio", "Oggi sono motivato",
        "Ik heb goed geslapen", "Ik wil meer sporten", "Mijn knie doet pijn", "Ik ben gemotiveerd", "我今天睡得很好", "我想多运动",
        "我的膝盖疼", "今天很有动力", "よく眠れた", "もっと運動したい", "膝が痛い", "今日はやる気がある", "I'm killing time before my run",
        "my run was killer", "that spin class was murder", "the hill nearly finished me off", "I'm dying for a nap",
        "ugh mondays kill me", "I'm done for the day", "I'm so over this weather",
        "this cold is the worst, I can barely breathe through my nose", "my arm tingles after the blood test",
        "I want to cut sugar", "I'm cutting down on caffeine",
    ]

    static let others: [String] = [
        // German
        "Ich bin heute 5 km gelaufen", "Ich habe schlecht geschlafen", "Meine Beine tun weh", "Ich bin müde",
        "Wie kann ich besser schlafen?", "Ich will mehr Wasser trinken", "Ich habe Muskelkater",
        "Das Training war hart",
        "Ich bin totmüde", "Ich war heute im Fitnessstudio", "Ich habe Bankdrücken gemacht", "Ich mache Atemübungen",
        "Ich will abnehmen", "Ich will früher ins Bett gehen", "Ich habe heute 10.000 Schritte geschafft",
        "Ich will nicht mehr so viel Zucker essen", "Ich will nicht mehr rauchen", "Mein Puls war hoch beim Laufen",
        "Ich habe Stress bei der Arbeit", "Ich fühle mich heute gut", "Der Berg hat mich fertig gemacht",
        "Ich will einen Marathon laufen", "Ich habe Rückenschmerzen vom Sitzen", "Ich bin mit dem Rad gefahren",
        "Ich habe zu viel Kaffee getrunken", "Ich habe eine Erkältung", "Meine Nase ist verstopft",
        "Ich will mehr Gemüse essen", "Ich habe meine Vitamine genommen", "Ich habe Kopfschmerzen",
        "Ich bin über die Brücke gelaufen", "Ich habe heute Yoga gemacht", "Ich will stärker werden",
        "Ich sterbe vor Hunger", "Ich lebe gesünder als früher", "Ich möchte länger leben",
        // Spanish
        "Corrí 5 km y me duelen las piernas", "Dormí mal", "Estoy cansado", "¿Cómo puedo dormir mejor?",
        "Quiero beber más agua", "Hice ejercicios de respiración", "Me muero de ganas de probar la nueva ruta",
        "Este entrenamiento me mató", "Quiero perder peso", "Hoy caminé 10.000 pasos", "Tengo agujetas",
        "Me duele la espalda de estar sentado", "Quiero correr un maratón", "Hoy hice yoga", "Tengo un resfriado",
        "Tomé mis vitaminas", "Quiero comer más verduras", "Estoy estresado por el trabajo", "Me siento bien hoy",
        "Quiero dormir más temprano", "Me muero de hambre", "Crucé el puente corriendo", "Quiero vivir más sano",
        "Hice pecho en el gimnasio", "Mi ritmo cardiaco fue alto", "Quiero dejar el azúcar",
        // French
        "J'ai couru 5 km et j'ai mal aux jambes", "J'ai mal dormi", "Je suis fatigué", "Comment mieux dormir ?",
        "Je veux boire plus d'eau", "J'ai fait des exercices de respiration", "Je meurs d'envie d'essayer ce sentier",
        "Cet entraînement m'a tué", "Je veux perdre du poids", "J'ai fait 10 000 pas aujourd'hui",
        "J'ai des courbatures",
        "J'ai mal au dos à force d'être assis", "Je veux courir un marathon", "J'ai fait du yoga", "J'ai un rhume",
        "J'ai pris mes vitamines", "Je veux manger plus de légumes", "Je suis stressé au travail", "Je me sens bien",
        "Je veux me coucher plus tôt", "Je meurs de faim", "J'ai traversé le pont en courant",
        "Je veux vivre plus sainement",
        "Je veux me couper les cheveux", "Je veux en finir avec le sucre", "Ça ne vaut pas la peine de s'inquiéter",
        // Portuguese
        "Corri 5 km e minhas pernas doem", "Dormi mal", "Estou cansado", "Como posso dormir melhor?",
        "Quero beber mais água", "Fiz exercícios de respiração", "Estou morrendo de vontade de experimentar a trilha",
        "Esse treino me matou", "Quero perder peso", "Andei 10.000 passos hoje", "Estou com dor muscular",
        "Minhas costas doem de ficar sentado", "Quero correr uma maratona", "Fiz ioga hoje", "Estou resfriado",
        "Tomei minhas vitaminas", "Quero comer mais legumes", "Estou estressado com o trabalho", "Estou bem hoje",
        "Quero dormir mais cedo", "Estou morrendo de fome", "Quero viver de forma mais saudável",
        // Italian
        "Ho corso 5 km e mi fanno male le gambe", "Ho dormito male", "Sono stanco", "Come posso dormire meglio?",
        "Voglio bere più acqua", "Ho fatto esercizi di respirazione", "Muoio dalla voglia di provare il sentiero",
        "Questo allenamento mi ha ucciso", "Voglio perdere peso", "Oggi ho fatto 10.000 passi",
        "Ho i muscoli indolenziti",
        "Mi fa male la schiena", "Voglio correre una maratona", "Ho fatto yoga", "Ho il raffreddore",
        "Ho preso le mie vitamine", "Voglio mangiare più verdure", "Sono stressato per il lavoro", "Mi sento bene oggi",
        "Voglio andare a letto prima", "Muoio di fame", "Parlo male l'inglese ma sto imparando",
        "Il pesto era buonissimo",
        // Dutch
        "Ik heb 5 km gelopen en mijn benen doen pijn", "Ik heb slecht geslapen", "Ik ben moe",
        "Hoe kan ik beter slapen?",
        "Ik wil meer water drinken", "Ik heb ademhalingsoefeningen gedaan", "Deze training was zwaar",
        "Ik wil afvallen", "Ik heb vandaag 10.000 stappen gezet", "Ik heb spierpijn",
        "Mijn rug doet pijn van het zitten",
        "Ik wil een marathon lopen", "Ik heb yoga gedaan", "Ik ben verkouden", "Ik heb mijn vitamines genomen",
        "Ik wil meer groenten eten", "Ik heb stress op het werk", "Ik voel me goed vandaag", "Ik wil eerder naar bed",
        "Ik wil niet meer zoveel snoepen", "Het is benauwd weer vandaag", "Ik fietste over de brug",
        // Chinese
        "我今天跑了5公里，腿很疼", "我昨晚睡得不好", "我很累", "怎样才能睡得更好？", "我想多喝水", "我做了呼吸练习",
        "今天走了一万步", "我想减肥", "我肌肉酸痛", "我想跑马拉松", "我今天做了瑜伽", "我感冒了", "我吃了维生素",
        "我想多吃蔬菜", "工作压力很大", "今天感觉很好", "我想早点睡觉", "笑死我了", "想死你了", "我饿死了",
        "胸肌训练后腿有点酸", "今天练了胸", "我的心率有点高", "我眼皮一直跳",
        // Japanese
        "今日は5キロ走って足が痛い", "昨夜はよく眠れなかった", "疲れた", "もっとよく眠るには？", "水をもっと飲みたい",
        "呼吸法を試した", "今日は一万歩歩いた", "痩せたい", "筋肉痛です", "マラソンを走りたい", "今日はヨガをした",
        "風邪をひいた", "ビタミンを飲んだ", "野菜をもっと食べたい", "仕事のストレスがひどい", "今日は気分がいい",
        "早く寝たい", "死ぬほど美味しかった", "ノートに記録した", "自転車が倒れた", "まぶたがけいれんする",
        "胸のトレーニングをした", "心拍数が高かった", "腰が痛い",
    ]
}

extension CrisisCorpus {
    /// Spellings of a test phrase that hide it from a plain comparison.
    enum Variants {
        /// ASCII letters and digits as fullwidth forms (U+FF01...).
        static func fullwidth(_ text: String) -> String {
            String(
                String.UnicodeScalarView(
                    text.unicodeScalars.map { scalar in
                        (0x21...0x7E).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0xFEE0) ?? scalar : scalar
                    }))
        }

        /// Latin a, c, e, o, p, x, y, i as their Cyrillic look-alikes.
        static func confusable(_ text: String) -> String {
            let map: [Character: Character] = [
                "a": "а", "c": "с", "e": "е", "o": "о", "p": "р", "x": "х", "y": "у", "i": "і",
            ]
            return String(text.map { map[$0] ?? $0 })
        }

        /// A zero-width space after each word's first letter, and a soft hyphen in the middle of long words.
        static func zeroWidth(_ text: String) -> String {
            text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
                guard let first = word.first, word.count > 1 else { return String(word) }
                var rest = String(word.dropFirst())
                if rest.count > 4 { rest.insert("\u{AD}", at: rest.index(rest.startIndex, offsetBy: 2)) }
                return String(first) + "\u{200B}" + rest
            }.joined(separator: " ")
        }

        /// Leetspeak: a to 4, e to 3, i to 1, o to 0, s to 5 (Latin letters only).
        static func leet(_ text: String) -> String {
            let map: [Character: Character] = ["a": "4", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7"]
            return String(text.map { map[$0] ?? $0 })
        }

        static func all(_ text: String) -> [String] {
            [text, fullwidth(text), confusable(text), zeroWidth(text), leet(text), text.uppercased()]
        }
    }
}
