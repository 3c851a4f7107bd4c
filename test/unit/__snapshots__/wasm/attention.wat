(func $run (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 f32) (param $5 i32) (param $6 i32)
  (local $7 i32) (local $8 i32) (local $9 i32) (local $10 i32) (local $11 f32) (local $12 f32) (local $13 f32) (local $14 f32) (local $15 f32) (local $16 f32) (local $17 f32) (local $18 f32) (local $19 i32) (local $20 f32) (local $21 f32) (local $22 i32) (local $23 i32) (local $24 i32) (local $25 i32) (local $26 i32) (local $27 i32) (local $28 i32) (local $29 i32) (local $30 i32) (local $31 i32) (local $32 i32) (local $33 i32) (local $34 i32) (local $35 i32) (local $36 i32) (local $37 i32) (local $38 i32) (local $39 i32) (local $40 v128) (local $41 v128) (local $42 v128) (local $43 v128) (local $44 v128) (local $45 v128) (local $46 v128) (local $47 v128) (local $48 v128) (local $49 v128) (local $50 v128) (local $51 v128) (local $52 v128) (local $53 v128) (local $54 v128) (local $55 v128) (local $56 v128) (local $57 v128) (local $58 v128) (local $59 v128) (local $60 v128) (local $61 v128) (local $62 v128) (local $63 v128) (local $64 v128) (local $65 f32) (local $66 i32) (local $67 i32) (local $68 v128) (local $69 v128) (local $70 f32) (local $71 f32) (local $72 v128) (local $73 v128) (local $74 v128) (local $75 v128) (local $76 v128) (local $77 v128) (local $78 v128) (local $79 v128) (local $80 v128) (local $81 f32) (local $82 v128) (local $83 v128) (local $84 v128) (local $85 v128) (local $86 v128) (local $87 v128) (local $88 v128) (local $89 i32) (local $90 f32) (local $91 i32) (local $92 i32) (local $93 f32) (local $94 f32) (local $95 f32) (local $96 f32) (local $97 f32) (local $98 i32) (local $99 i32) (local $100 f32) (local $101 f32) (local $102 v128) (local $103 f32) (local $104 v128) (local $105 i32) (local $106 i32) (local $107 f32) (local $108 v128) (local $109 i32) (local $110 f32) (local $111 i32) (local $112 i32) (local $113 f32) (local $114 f32) (local $115 f32) (local $116 f32) (local $117 f32) (local $118 i32) (local $119 i32) (local $120 f32) (local $121 f32) (local $122 v128) (local $123 f32) (local $124 v128) (local $125 i32) (local $126 i32) (local $127 f32) (local $128 v128) (local $129 i32) (local $130 f32) (local $131 f32) (local $132 i32) (local $133 i32) (local $134 i32) (local $135 i32) (local $136 i32) (local $137 i32) (local $138 i32) (local $139 i32) (local $140 i32) (local $141 i32) (local $142 i32) (local $143 i32) (local $144 i32) (local $145 i32) (local $146 i32) (local $147 v128) (local $148 v128) (local $149 v128) (local $150 v128) (local $151 v128) (local $152 v128) (local $153 v128) (local $154 v128) (local $155 v128) (local $156 v128) (local $157 v128) (local $158 v128) (local $159 v128) (local $160 f32) (local $161 i32) (local $162 i32) (local $163 v128) (local $164 v128) (local $165 f32) (local $166 v128) (local $167 v128) (local $168 v128) (local $169 v128) (local $170 v128) (local $171 v128) (local $172 v128) (local $173 i32) (local $174 f32) (local $175 i32) (local $176 i32) (local $177 f32) (local $178 f32) (local $179 f32) (local $180 f32) (local $181 f32) (local $182 i32) (local $183 i32) (local $184 f32) (local $185 f32) (local $186 v128) (local $187 f32) (local $188 v128) (local $189 i32) (local $190 i32) (local $191 f32) (local $192 v128) (local $193 i32)
  local.get 5
  local.set 7
  block
    loop
      local.get 7
      i32.const 1
      i32.add
      local.get 6
      i32.ge_s
      br_if 1
      local.get 7
      i32.const 8
      i32.mul
      local.set 22
      i32.const 0
      local.set 8
      block
        loop
          local.get 8
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 22
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          local.get 0
          local.get 22
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 8
          i32.const 4
          i32.sub
          local.set 8
          local.get 8
          i32.const 8
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 22
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 7
          i32.const 8
          i32.mul
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.const 0
          f32.store
          local.get 8
          i32.const 1
          i32.add
          local.set 8
          br 0
        end
      end
      f32.const -Infinity
      local.set 17
      f32.const 0
      local.set 18
      local.get 7
      i32.const 1
      i32.add
      local.set 19
      local.get 19
      i32.const 8
      i32.mul
      local.set 23
      i32.const 0
      local.set 8
      block
        loop
          local.get 8
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 23
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          local.get 0
          local.get 23
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 8
          i32.const 4
          i32.sub
          local.set 8
          local.get 8
          i32.const 8
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 23
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 19
          i32.const 8
          i32.mul
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.const 0
          f32.store
          local.get 8
          i32.const 1
          i32.add
          local.set 8
          br 0
        end
      end
      f32.const -Infinity
      local.set 20
      f32.const 0
      local.set 21
      local.get 1
      local.get 7
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 24
      local.get 1
      local.get 19
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 25
      local.get 0
      local.get 7
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 26
      local.get 0
      local.get 19
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 27
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 2
          local.get 9
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 32
          local.get 3
          local.get 9
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 36
          local.get 32
          i32.const 32
          i32.add
          local.set 33
          local.get 36
          i32.const 32
          i32.add
          local.set 37
          local.get 32
          i32.const 64
          i32.add
          local.set 34
          local.get 36
          i32.const 64
          i32.add
          local.set 38
          local.get 32
          i32.const 96
          i32.add
          local.set 35
          local.get 36
          i32.const 96
          i32.add
          local.set 39
          v128.const f32x4 0 0 0 0
          local.set 40
          v128.const f32x4 0 0 0 0
          local.set 41
          v128.const f32x4 0 0 0 0
          local.set 42
          v128.const f32x4 0 0 0 0
          local.set 43
          v128.const f32x4 0 0 0 0
          local.set 44
          v128.const f32x4 0 0 0 0
          local.set 45
          v128.const f32x4 0 0 0 0
          local.set 46
          v128.const f32x4 0 0 0 0
          local.set 47
          i32.const 0
          local.set 66
          block
            loop
              local.get 66
              i32.const 15
              i32.add
              i32.const 32
              i32.ge_s
              br_if 1
              local.get 24
              local.get 66
              i32.add
              v128.load
              local.set 48
              local.get 25
              local.get 66
              i32.add
              v128.load
              local.set 49
              local.get 32
              local.get 66
              i32.add
              v128.load
              local.set 50
              local.get 40
              local.get 48
              local.get 50
              f32x4.mul
              f32x4.add
              local.set 40
              local.get 44
              local.get 49
              local.get 50
              f32x4.mul
              f32x4.add
              local.set 44
              local.get 33
              local.get 66
              i32.add
              v128.load
              local.set 50
              local.get 41
              local.get 48
              local.get 50
              f32x4.mul
              f32x4.add
              local.set 41
              local.get 45
              local.get 49
              local.get 50
              f32x4.mul
              f32x4.add
              local.set 45
              local.get 34
              local.get 66
              i32.add
              v128.load
              local.set 50
              local.get 42
              local.get 48
              local.get 50
              f32x4.mul
              f32x4.add
              local.set 42
              local.get 46
              local.get 49
              local.get 50
              f32x4.mul
              f32x4.add
              local.set 46
              local.get 35
              local.get 66
              i32.add
              v128.load
              local.set 50
              local.get 43
              local.get 48
              local.get 50
              f32x4.mul
              f32x4.add
              local.set 43
              local.get 47
              local.get 49
              local.get 50
              f32x4.mul
              f32x4.add
              local.set 47
              local.get 66
              i32.const 16
              i32.add
              local.set 66
              br 0
            end
          end
          local.get 40
          local.get 41
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 40
          local.get 41
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 68
          local.get 42
          local.get 43
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 42
          local.get 43
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 69
          local.get 68
          local.get 69
          i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
          local.get 68
          local.get 69
          i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
          f32x4.add
          local.set 51
          local.get 51
          local.get 4
          f32x4.splat
          f32x4.mul
          local.set 51
          local.get 51
          f32x4.extract_lane 0
          local.get 51
          f32x4.extract_lane 1
          f32.max
          local.get 51
          f32x4.extract_lane 2
          local.get 51
          f32x4.extract_lane 3
          f32.max
          f32.max
          local.set 65
          local.get 17
          local.set 12
          local.get 12
          local.get 65
          f32.max
          local.set 13
          f32.const 1
          local.set 71
          local.get 12
          local.get 13
          f32.ne
          if (result f32)
            local.get 12
            local.get 13
            call $rare0
          else
            local.get 71
          end
          local.set 15
          v128.const f32x4 0 0 0 0
          v128.const f32x4 0.008369148708879948 0.008369148708879948 0.008369148708879948 0.008369148708879948
          local.get 51
          local.get 13
          f32x4.splat
          f32x4.sub
          local.tee 72
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 73
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 74
          local.get 74
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 75
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 75
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 76
          f32x4.mul
          v128.const f32x4 0.041917506605386734 0.041917506605386734 0.041917506605386734 0.041917506605386734
          f32x4.add
          local.get 76
          f32x4.mul
          v128.const f32x4 0.16666504740715027 0.16666504740715027 0.16666504740715027 0.16666504740715027
          f32x4.add
          local.get 76
          f32x4.mul
          v128.const f32x4 0.49998870491981506 0.49998870491981506 0.49998870491981506 0.49998870491981506
          f32x4.add
          local.get 76
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 76
          f32x4.mul
          v128.const f32x4 1.0000001192092896 1.0000001192092896 1.0000001192092896 1.0000001192092896
          f32x4.add
          local.get 75
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 77
          i32.const 1
          i32x4.shr_s
          local.tee 78
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 77
          local.get 78
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 51
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          f32x4.eq
          v128.bitselect
          local.set 53
          local.get 18
          local.get 15
          f32.mul
          local.get 53
          f32x4.extract_lane 0
          f32.add
          local.get 53
          f32x4.extract_lane 1
          f32.add
          local.get 53
          f32x4.extract_lane 2
          f32.add
          local.get 53
          f32x4.extract_lane 3
          f32.add
          local.set 18
          local.get 13
          local.set 17
          local.get 15
          f32x4.splat
          local.set 55
          local.get 53
          f32x4.extract_lane 0
          f32x4.splat
          local.set 57
          local.get 53
          f32x4.extract_lane 1
          f32x4.splat
          local.set 58
          local.get 53
          f32x4.extract_lane 2
          f32x4.splat
          local.set 59
          local.get 53
          f32x4.extract_lane 3
          f32x4.splat
          local.set 60
          local.get 44
          local.get 45
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 44
          local.get 45
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 79
          local.get 46
          local.get 47
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 46
          local.get 47
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 80
          local.get 79
          local.get 80
          i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
          local.get 79
          local.get 80
          i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
          f32x4.add
          local.set 52
          local.get 52
          local.get 4
          f32x4.splat
          f32x4.mul
          local.set 52
          local.get 52
          f32x4.extract_lane 0
          local.get 52
          f32x4.extract_lane 1
          f32.max
          local.get 52
          f32x4.extract_lane 2
          local.get 52
          f32x4.extract_lane 3
          f32.max
          f32.max
          local.set 65
          local.get 20
          local.set 12
          local.get 12
          local.get 65
          f32.max
          local.set 13
          f32.const 1
          local.set 81
          local.get 12
          local.get 13
          f32.ne
          if (result f32)
            local.get 12
            local.get 13
            call $rare0
          else
            local.get 81
          end
          local.set 15
          v128.const f32x4 0 0 0 0
          v128.const f32x4 0.008369148708879948 0.008369148708879948 0.008369148708879948 0.008369148708879948
          local.get 52
          local.get 13
          f32x4.splat
          f32x4.sub
          local.tee 82
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 83
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 84
          local.get 84
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 85
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 85
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 86
          f32x4.mul
          v128.const f32x4 0.041917506605386734 0.041917506605386734 0.041917506605386734 0.041917506605386734
          f32x4.add
          local.get 86
          f32x4.mul
          v128.const f32x4 0.16666504740715027 0.16666504740715027 0.16666504740715027 0.16666504740715027
          f32x4.add
          local.get 86
          f32x4.mul
          v128.const f32x4 0.49998870491981506 0.49998870491981506 0.49998870491981506 0.49998870491981506
          f32x4.add
          local.get 86
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 86
          f32x4.mul
          v128.const f32x4 1.0000001192092896 1.0000001192092896 1.0000001192092896 1.0000001192092896
          f32x4.add
          local.get 85
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 87
          i32.const 1
          i32x4.shr_s
          local.tee 88
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 87
          local.get 88
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 52
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          f32x4.eq
          v128.bitselect
          local.set 54
          local.get 21
          local.get 15
          f32.mul
          local.get 54
          f32x4.extract_lane 0
          f32.add
          local.get 54
          f32x4.extract_lane 1
          f32.add
          local.get 54
          f32x4.extract_lane 2
          f32.add
          local.get 54
          f32x4.extract_lane 3
          f32.add
          local.set 21
          local.get 13
          local.set 20
          local.get 15
          f32x4.splat
          local.set 56
          local.get 54
          f32x4.extract_lane 0
          f32x4.splat
          local.set 61
          local.get 54
          f32x4.extract_lane 1
          f32x4.splat
          local.set 62
          local.get 54
          f32x4.extract_lane 2
          f32x4.splat
          local.set 63
          local.get 54
          f32x4.extract_lane 3
          f32x4.splat
          local.set 64
          local.get 53
          v128.any_true
          local.get 54
          v128.any_true
          i32.or
          if
            i32.const 0
            local.set 67
            block
              loop
                local.get 67
                i32.const 15
                i32.add
                i32.const 32
                i32.ge_s
                br_if 1
                local.get 26
                local.get 67
                i32.add
                v128.load
                local.get 55
                f32x4.mul
                local.set 48
                local.get 27
                local.get 67
                i32.add
                v128.load
                local.get 56
                f32x4.mul
                local.set 49
                local.get 36
                local.get 67
                i32.add
                v128.load
                local.set 50
                local.get 48
                local.get 57
                local.get 50
                f32x4.mul
                f32x4.add
                local.set 48
                local.get 49
                local.get 61
                local.get 50
                f32x4.mul
                f32x4.add
                local.set 49
                local.get 37
                local.get 67
                i32.add
                v128.load
                local.set 50
                local.get 48
                local.get 58
                local.get 50
                f32x4.mul
                f32x4.add
                local.set 48
                local.get 49
                local.get 62
                local.get 50
                f32x4.mul
                f32x4.add
                local.set 49
                local.get 38
                local.get 67
                i32.add
                v128.load
                local.set 50
                local.get 48
                local.get 59
                local.get 50
                f32x4.mul
                f32x4.add
                local.set 48
                local.get 49
                local.get 63
                local.get 50
                f32x4.mul
                f32x4.add
                local.set 49
                local.get 39
                local.get 67
                i32.add
                v128.load
                local.set 50
                local.get 48
                local.get 60
                local.get 50
                f32x4.mul
                f32x4.add
                local.set 48
                local.get 49
                local.get 64
                local.get 50
                f32x4.mul
                f32x4.add
                local.set 49
                local.get 26
                local.get 67
                i32.add
                local.get 48
                v128.store
                local.get 27
                local.get 67
                i32.add
                local.get 49
                v128.store
                local.get 67
                i32.const 16
                i32.add
                local.set 67
                br 0
              end
            end
          end
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 89
      local.get 89
      local.set 9
      block
        loop
          local.get 9
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 17
          local.set 12
          f32.const 0
          local.set 90
          local.get 7
          i32.const 8
          i32.mul
          local.set 91
          local.get 9
          i32.const 8
          i32.mul
          local.set 92
          i32.const 0
          local.set 10
          block
            loop
              local.get 10
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 90
              local.get 1
              local.get 7
              i32.const 8
              i32.mul
              local.get 10
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 2
              local.get 9
              i32.const 8
              i32.mul
              local.get 10
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              local.set 90
              local.get 10
              i32.const 1
              i32.add
              local.set 10
              br 0
            end
          end
          local.get 90
          local.get 4
          f32.mul
          local.set 11
          local.get 12
          local.get 11
          f32.max
          local.set 13
          f32.const 0
          f32.const 0.008369148708879948
          f32.const 89
          f32.const -104
          local.get 11
          local.get 13
          f32.sub
          local.tee 93
          local.get 93
          f32.const -104
          f32.lt
          select
          local.tee 94
          f32.const 89
          local.get 94
          f32.lt
          select
          local.tee 95
          local.get 95
          f32.const 1.4426950408889634
          f32.mul
          f32.nearest
          local.tee 96
          f32.const 0.693359375
          f32.mul
          f32.sub
          local.get 96
          f32.const -0.00021219444
          f32.mul
          f32.sub
          local.tee 97
          f32.mul
          f32.const 0.041917506605386734
          f32.add
          local.get 97
          f32.mul
          f32.const 0.16666504740715027
          f32.add
          local.get 97
          f32.mul
          f32.const 0.49998870491981506
          f32.add
          local.get 97
          f32.mul
          f32.const 1
          f32.add
          local.get 97
          f32.mul
          f32.const 1.0000001192092896
          f32.add
          local.get 96
          f32.const 12582912
          f32.add
          i32.reinterpret_f32
          i32.const 1262485504
          i32.sub
          local.tee 98
          i32.const 1
          i32.shr_s
          local.tee 99
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 98
          local.get 99
          i32.sub
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 11
          f32.const -Infinity
          f32.eq
          select
          local.set 14
          f32.const 1
          local.set 100
          local.get 12
          local.get 13
          f32.ne
          if (result f32)
            local.get 12
            local.get 13
            call $rare0
          else
            local.get 100
          end
          local.set 15
          local.get 18
          local.get 15
          f32.mul
          local.get 14
          f32.add
          local.set 18
          local.get 13
          local.set 17
          local.get 15
          local.set 101
          local.get 101
          f32x4.splat
          local.set 102
          local.get 14
          local.set 103
          local.get 103
          f32x4.splat
          local.set 104
          local.get 9
          i32.const 8
          i32.mul
          local.set 105
          local.get 7
          i32.const 8
          i32.mul
          local.set 106
          i32.const 0
          local.set 8
          block
            loop
              local.get 8
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 106
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 106
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 102
              f32x4.mul
              local.get 104
              local.get 3
              local.get 105
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 8
              i32.const 4
              i32.add
              local.set 8
              local.get 0
              local.get 106
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 106
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 102
              f32x4.mul
              local.get 104
              local.get 3
              local.get 105
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 8
              i32.const 4
              i32.sub
              local.set 8
              local.get 8
              i32.const 8
              i32.add
              local.set 8
              br 0
            end
          end
          local.get 8
          local.set 8
          block
            loop
              local.get 8
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 106
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 106
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 102
              f32x4.mul
              local.get 104
              local.get 3
              local.get 105
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 8
              i32.const 4
              i32.add
              local.set 8
              br 0
            end
          end
          local.get 8
          local.set 8
          block
            loop
              local.get 8
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 7
              i32.const 8
              i32.mul
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 7
              i32.const 8
              i32.mul
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 101
              f32.mul
              local.get 103
              local.get 3
              local.get 9
              i32.const 8
              i32.mul
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              f32.store
              local.get 8
              i32.const 1
              i32.add
              local.set 8
              br 0
            end
          end
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      f32.const 1
      local.get 18
      f32.div
      local.set 16
      local.get 16
      local.set 107
      local.get 107
      f32x4.splat
      local.set 108
      local.get 7
      i32.const 8
      i32.mul
      local.set 109
      i32.const 0
      local.set 8
      block
        loop
          local.get 8
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 109
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 109
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 108
          f32x4.mul
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          local.get 0
          local.get 109
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 109
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 108
          f32x4.mul
          v128.store
          local.get 8
          i32.const 4
          i32.sub
          local.set 8
          local.get 8
          i32.const 8
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 109
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 109
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 108
          f32x4.mul
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 7
          i32.const 8
          i32.mul
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 7
          i32.const 8
          i32.mul
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          local.get 107
          f32.mul
          f32.store
          local.get 8
          i32.const 1
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 89
      local.set 9
      block
        loop
          local.get 9
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 20
          local.set 12
          f32.const 0
          local.set 110
          local.get 19
          i32.const 8
          i32.mul
          local.set 111
          local.get 9
          i32.const 8
          i32.mul
          local.set 112
          i32.const 0
          local.set 10
          block
            loop
              local.get 10
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 110
              local.get 1
              local.get 19
              i32.const 8
              i32.mul
              local.get 10
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 2
              local.get 9
              i32.const 8
              i32.mul
              local.get 10
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              local.set 110
              local.get 10
              i32.const 1
              i32.add
              local.set 10
              br 0
            end
          end
          local.get 110
          local.get 4
          f32.mul
          local.set 11
          local.get 12
          local.get 11
          f32.max
          local.set 13
          f32.const 0
          f32.const 0.008369148708879948
          f32.const 89
          f32.const -104
          local.get 11
          local.get 13
          f32.sub
          local.tee 113
          local.get 113
          f32.const -104
          f32.lt
          select
          local.tee 114
          f32.const 89
          local.get 114
          f32.lt
          select
          local.tee 115
          local.get 115
          f32.const 1.4426950408889634
          f32.mul
          f32.nearest
          local.tee 116
          f32.const 0.693359375
          f32.mul
          f32.sub
          local.get 116
          f32.const -0.00021219444
          f32.mul
          f32.sub
          local.tee 117
          f32.mul
          f32.const 0.041917506605386734
          f32.add
          local.get 117
          f32.mul
          f32.const 0.16666504740715027
          f32.add
          local.get 117
          f32.mul
          f32.const 0.49998870491981506
          f32.add
          local.get 117
          f32.mul
          f32.const 1
          f32.add
          local.get 117
          f32.mul
          f32.const 1.0000001192092896
          f32.add
          local.get 116
          f32.const 12582912
          f32.add
          i32.reinterpret_f32
          i32.const 1262485504
          i32.sub
          local.tee 118
          i32.const 1
          i32.shr_s
          local.tee 119
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 118
          local.get 119
          i32.sub
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 11
          f32.const -Infinity
          f32.eq
          select
          local.set 14
          f32.const 1
          local.set 120
          local.get 12
          local.get 13
          f32.ne
          if (result f32)
            local.get 12
            local.get 13
            call $rare0
          else
            local.get 120
          end
          local.set 15
          local.get 21
          local.get 15
          f32.mul
          local.get 14
          f32.add
          local.set 21
          local.get 13
          local.set 20
          local.get 15
          local.set 121
          local.get 121
          f32x4.splat
          local.set 122
          local.get 14
          local.set 123
          local.get 123
          f32x4.splat
          local.set 124
          local.get 9
          i32.const 8
          i32.mul
          local.set 125
          local.get 19
          i32.const 8
          i32.mul
          local.set 126
          i32.const 0
          local.set 8
          block
            loop
              local.get 8
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 126
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 126
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 122
              f32x4.mul
              local.get 124
              local.get 3
              local.get 125
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 8
              i32.const 4
              i32.add
              local.set 8
              local.get 0
              local.get 126
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 126
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 122
              f32x4.mul
              local.get 124
              local.get 3
              local.get 125
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 8
              i32.const 4
              i32.sub
              local.set 8
              local.get 8
              i32.const 8
              i32.add
              local.set 8
              br 0
            end
          end
          local.get 8
          local.set 8
          block
            loop
              local.get 8
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 126
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 126
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 122
              f32x4.mul
              local.get 124
              local.get 3
              local.get 125
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 8
              i32.const 4
              i32.add
              local.set 8
              br 0
            end
          end
          local.get 8
          local.set 8
          block
            loop
              local.get 8
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 19
              i32.const 8
              i32.mul
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 19
              i32.const 8
              i32.mul
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 121
              f32.mul
              local.get 123
              local.get 3
              local.get 9
              i32.const 8
              i32.mul
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              f32.store
              local.get 8
              i32.const 1
              i32.add
              local.set 8
              br 0
            end
          end
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      f32.const 1
      local.get 21
      f32.div
      local.set 16
      local.get 16
      local.set 127
      local.get 127
      f32x4.splat
      local.set 128
      local.get 19
      i32.const 8
      i32.mul
      local.set 129
      i32.const 0
      local.set 8
      block
        loop
          local.get 8
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 129
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 129
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 128
          f32x4.mul
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          local.get 0
          local.get 129
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 129
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 128
          f32x4.mul
          v128.store
          local.get 8
          i32.const 4
          i32.sub
          local.set 8
          local.get 8
          i32.const 8
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 129
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 129
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 128
          f32x4.mul
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 19
          i32.const 8
          i32.mul
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 19
          i32.const 8
          i32.mul
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          local.get 127
          f32.mul
          f32.store
          local.get 8
          i32.const 1
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 7
      i32.const 2
      i32.add
      local.set 7
      br 0
    end
  end
  local.get 7
  local.set 7
  block
    loop
      local.get 7
      local.get 6
      i32.ge_s
      br_if 1
      local.get 7
      i32.const 8
      i32.mul
      local.set 132
      i32.const 0
      local.set 8
      block
        loop
          local.get 8
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 132
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          local.get 0
          local.get 132
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 8
          i32.const 4
          i32.sub
          local.set 8
          local.get 8
          i32.const 8
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 132
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 7
          i32.const 8
          i32.mul
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.const 0
          f32.store
          local.get 8
          i32.const 1
          i32.add
          local.set 8
          br 0
        end
      end
      f32.const -Infinity
      local.set 130
      f32.const 0
      local.set 131
      local.get 1
      local.get 7
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 133
      local.get 0
      local.get 7
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 134
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 2
          local.get 9
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 139
          local.get 3
          local.get 9
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 143
          local.get 139
          i32.const 32
          i32.add
          local.set 140
          local.get 143
          i32.const 32
          i32.add
          local.set 144
          local.get 139
          i32.const 64
          i32.add
          local.set 141
          local.get 143
          i32.const 64
          i32.add
          local.set 145
          local.get 139
          i32.const 96
          i32.add
          local.set 142
          local.get 143
          i32.const 96
          i32.add
          local.set 146
          v128.const f32x4 0 0 0 0
          local.set 147
          v128.const f32x4 0 0 0 0
          local.set 148
          v128.const f32x4 0 0 0 0
          local.set 149
          v128.const f32x4 0 0 0 0
          local.set 150
          i32.const 0
          local.set 161
          block
            loop
              local.get 161
              i32.const 15
              i32.add
              i32.const 32
              i32.ge_s
              br_if 1
              local.get 133
              local.get 161
              i32.add
              v128.load
              local.set 151
              local.get 139
              local.get 161
              i32.add
              v128.load
              local.set 152
              local.get 147
              local.get 151
              local.get 152
              f32x4.mul
              f32x4.add
              local.set 147
              local.get 140
              local.get 161
              i32.add
              v128.load
              local.set 152
              local.get 148
              local.get 151
              local.get 152
              f32x4.mul
              f32x4.add
              local.set 148
              local.get 141
              local.get 161
              i32.add
              v128.load
              local.set 152
              local.get 149
              local.get 151
              local.get 152
              f32x4.mul
              f32x4.add
              local.set 149
              local.get 142
              local.get 161
              i32.add
              v128.load
              local.set 152
              local.get 150
              local.get 151
              local.get 152
              f32x4.mul
              f32x4.add
              local.set 150
              local.get 161
              i32.const 16
              i32.add
              local.set 161
              br 0
            end
          end
          local.get 147
          local.get 148
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 147
          local.get 148
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 163
          local.get 149
          local.get 150
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 149
          local.get 150
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 164
          local.get 163
          local.get 164
          i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
          local.get 163
          local.get 164
          i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
          f32x4.add
          local.set 153
          local.get 153
          local.get 4
          f32x4.splat
          f32x4.mul
          local.set 153
          local.get 153
          f32x4.extract_lane 0
          local.get 153
          f32x4.extract_lane 1
          f32.max
          local.get 153
          f32x4.extract_lane 2
          local.get 153
          f32x4.extract_lane 3
          f32.max
          f32.max
          local.set 160
          local.get 130
          local.set 12
          local.get 12
          local.get 160
          f32.max
          local.set 13
          f32.const 1
          local.set 165
          local.get 12
          local.get 13
          f32.ne
          if (result f32)
            local.get 12
            local.get 13
            call $rare0
          else
            local.get 165
          end
          local.set 15
          v128.const f32x4 0 0 0 0
          v128.const f32x4 0.008369148708879948 0.008369148708879948 0.008369148708879948 0.008369148708879948
          local.get 153
          local.get 13
          f32x4.splat
          f32x4.sub
          local.tee 166
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 167
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 168
          local.get 168
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 169
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 169
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 170
          f32x4.mul
          v128.const f32x4 0.041917506605386734 0.041917506605386734 0.041917506605386734 0.041917506605386734
          f32x4.add
          local.get 170
          f32x4.mul
          v128.const f32x4 0.16666504740715027 0.16666504740715027 0.16666504740715027 0.16666504740715027
          f32x4.add
          local.get 170
          f32x4.mul
          v128.const f32x4 0.49998870491981506 0.49998870491981506 0.49998870491981506 0.49998870491981506
          f32x4.add
          local.get 170
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 170
          f32x4.mul
          v128.const f32x4 1.0000001192092896 1.0000001192092896 1.0000001192092896 1.0000001192092896
          f32x4.add
          local.get 169
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 171
          i32.const 1
          i32x4.shr_s
          local.tee 172
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 171
          local.get 172
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 153
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          f32x4.eq
          v128.bitselect
          local.set 154
          local.get 131
          local.get 15
          f32.mul
          local.get 154
          f32x4.extract_lane 0
          f32.add
          local.get 154
          f32x4.extract_lane 1
          f32.add
          local.get 154
          f32x4.extract_lane 2
          f32.add
          local.get 154
          f32x4.extract_lane 3
          f32.add
          local.set 131
          local.get 13
          local.set 130
          local.get 15
          f32x4.splat
          local.set 155
          local.get 154
          f32x4.extract_lane 0
          f32x4.splat
          local.set 156
          local.get 154
          f32x4.extract_lane 1
          f32x4.splat
          local.set 157
          local.get 154
          f32x4.extract_lane 2
          f32x4.splat
          local.set 158
          local.get 154
          f32x4.extract_lane 3
          f32x4.splat
          local.set 159
          local.get 154
          v128.any_true
          if
            i32.const 0
            local.set 162
            block
              loop
                local.get 162
                i32.const 15
                i32.add
                i32.const 32
                i32.ge_s
                br_if 1
                local.get 134
                local.get 162
                i32.add
                v128.load
                local.get 155
                f32x4.mul
                local.set 151
                local.get 143
                local.get 162
                i32.add
                v128.load
                local.set 152
                local.get 151
                local.get 156
                local.get 152
                f32x4.mul
                f32x4.add
                local.set 151
                local.get 144
                local.get 162
                i32.add
                v128.load
                local.set 152
                local.get 151
                local.get 157
                local.get 152
                f32x4.mul
                f32x4.add
                local.set 151
                local.get 145
                local.get 162
                i32.add
                v128.load
                local.set 152
                local.get 151
                local.get 158
                local.get 152
                f32x4.mul
                f32x4.add
                local.set 151
                local.get 146
                local.get 162
                i32.add
                v128.load
                local.set 152
                local.get 151
                local.get 159
                local.get 152
                f32x4.mul
                f32x4.add
                local.set 151
                local.get 134
                local.get 162
                i32.add
                local.get 151
                v128.store
                local.get 162
                i32.const 16
                i32.add
                local.set 162
                br 0
              end
            end
          end
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 173
      local.get 173
      local.set 9
      block
        loop
          local.get 9
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 130
          local.set 12
          f32.const 0
          local.set 174
          local.get 7
          i32.const 8
          i32.mul
          local.set 175
          local.get 9
          i32.const 8
          i32.mul
          local.set 176
          i32.const 0
          local.set 10
          block
            loop
              local.get 10
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 174
              local.get 1
              local.get 7
              i32.const 8
              i32.mul
              local.get 10
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 2
              local.get 9
              i32.const 8
              i32.mul
              local.get 10
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              local.set 174
              local.get 10
              i32.const 1
              i32.add
              local.set 10
              br 0
            end
          end
          local.get 174
          local.get 4
          f32.mul
          local.set 11
          local.get 12
          local.get 11
          f32.max
          local.set 13
          f32.const 0
          f32.const 0.008369148708879948
          f32.const 89
          f32.const -104
          local.get 11
          local.get 13
          f32.sub
          local.tee 177
          local.get 177
          f32.const -104
          f32.lt
          select
          local.tee 178
          f32.const 89
          local.get 178
          f32.lt
          select
          local.tee 179
          local.get 179
          f32.const 1.4426950408889634
          f32.mul
          f32.nearest
          local.tee 180
          f32.const 0.693359375
          f32.mul
          f32.sub
          local.get 180
          f32.const -0.00021219444
          f32.mul
          f32.sub
          local.tee 181
          f32.mul
          f32.const 0.041917506605386734
          f32.add
          local.get 181
          f32.mul
          f32.const 0.16666504740715027
          f32.add
          local.get 181
          f32.mul
          f32.const 0.49998870491981506
          f32.add
          local.get 181
          f32.mul
          f32.const 1
          f32.add
          local.get 181
          f32.mul
          f32.const 1.0000001192092896
          f32.add
          local.get 180
          f32.const 12582912
          f32.add
          i32.reinterpret_f32
          i32.const 1262485504
          i32.sub
          local.tee 182
          i32.const 1
          i32.shr_s
          local.tee 183
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 182
          local.get 183
          i32.sub
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 11
          f32.const -Infinity
          f32.eq
          select
          local.set 14
          f32.const 1
          local.set 184
          local.get 12
          local.get 13
          f32.ne
          if (result f32)
            local.get 12
            local.get 13
            call $rare0
          else
            local.get 184
          end
          local.set 15
          local.get 131
          local.get 15
          f32.mul
          local.get 14
          f32.add
          local.set 131
          local.get 13
          local.set 130
          local.get 15
          local.set 185
          local.get 185
          f32x4.splat
          local.set 186
          local.get 14
          local.set 187
          local.get 187
          f32x4.splat
          local.set 188
          local.get 9
          i32.const 8
          i32.mul
          local.set 189
          local.get 7
          i32.const 8
          i32.mul
          local.set 190
          i32.const 0
          local.set 8
          block
            loop
              local.get 8
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 190
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 190
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 186
              f32x4.mul
              local.get 188
              local.get 3
              local.get 189
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 8
              i32.const 4
              i32.add
              local.set 8
              local.get 0
              local.get 190
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 190
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 186
              f32x4.mul
              local.get 188
              local.get 3
              local.get 189
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 8
              i32.const 4
              i32.sub
              local.set 8
              local.get 8
              i32.const 8
              i32.add
              local.set 8
              br 0
            end
          end
          local.get 8
          local.set 8
          block
            loop
              local.get 8
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 190
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 190
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 186
              f32x4.mul
              local.get 188
              local.get 3
              local.get 189
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 8
              i32.const 4
              i32.add
              local.set 8
              br 0
            end
          end
          local.get 8
          local.set 8
          block
            loop
              local.get 8
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 7
              i32.const 8
              i32.mul
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 7
              i32.const 8
              i32.mul
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 185
              f32.mul
              local.get 187
              local.get 3
              local.get 9
              i32.const 8
              i32.mul
              local.get 8
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              f32.store
              local.get 8
              i32.const 1
              i32.add
              local.set 8
              br 0
            end
          end
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      f32.const 1
      local.get 131
      f32.div
      local.set 16
      local.get 16
      local.set 191
      local.get 191
      f32x4.splat
      local.set 192
      local.get 7
      i32.const 8
      i32.mul
      local.set 193
      i32.const 0
      local.set 8
      block
        loop
          local.get 8
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 193
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 193
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 192
          f32x4.mul
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          local.get 0
          local.get 193
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 193
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 192
          f32x4.mul
          v128.store
          local.get 8
          i32.const 4
          i32.sub
          local.set 8
          local.get 8
          i32.const 8
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 193
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 193
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 192
          f32x4.mul
          v128.store
          local.get 8
          i32.const 4
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 8
      local.set 8
      block
        loop
          local.get 8
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 7
          i32.const 8
          i32.mul
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 7
          i32.const 8
          i32.mul
          local.get 8
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          local.get 191
          f32.mul
          f32.store
          local.get 8
          i32.const 1
          i32.add
          local.set 8
          br 0
        end
      end
      local.get 7
      i32.const 1
      i32.add
      local.set 7
      br 0
    end
  end
)

(func $rare0 (param $0 f32) (param $1 f32) (result f32)
  (local $2 f32) (local $3 f32) (local $4 f32) (local $5 f32) (local $6 f32) (local $7 i32) (local $8 i32)
  f32.const 0.008369148708879948
  f32.const 89
  f32.const -104
  local.get 0
  local.get 1
  f32.sub
  local.tee 2
  local.get 2
  f32.const -104
  f32.lt
  select
  local.tee 3
  f32.const 89
  local.get 3
  f32.lt
  select
  local.tee 4
  local.get 4
  f32.const 1.4426950408889634
  f32.mul
  f32.nearest
  local.tee 5
  f32.const 0.693359375
  f32.mul
  f32.sub
  local.get 5
  f32.const -0.00021219444
  f32.mul
  f32.sub
  local.tee 6
  f32.mul
  f32.const 0.041917506605386734
  f32.add
  local.get 6
  f32.mul
  f32.const 0.16666504740715027
  f32.add
  local.get 6
  f32.mul
  f32.const 0.49998870491981506
  f32.add
  local.get 6
  f32.mul
  f32.const 1
  f32.add
  local.get 6
  f32.mul
  f32.const 1.0000001192092896
  f32.add
  local.get 5
  f32.const 12582912
  f32.add
  i32.reinterpret_f32
  i32.const 1262485504
  i32.sub
  local.tee 7
  i32.const 1
  i32.shr_s
  local.tee 8
  i32.const 127
  i32.add
  i32.const 23
  i32.shl
  f32.reinterpret_i32
  f32.mul
  local.get 7
  local.get 8
  i32.sub
  i32.const 127
  i32.add
  i32.const 23
  i32.shl
  f32.reinterpret_i32
  f32.mul
)